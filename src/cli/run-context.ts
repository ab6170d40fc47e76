import { UserError } from '../errors/user-error.js';
import type { ProjectConfig } from '../model/project.js';
import { parseProjectFile, readProjectText, type ProjectFile } from '../model/project-reader.js';
import type { FlagValues, Plugin } from '../plugin/types.js';
import { pluginsFlag, resolveRunChain, type PluginCatalog, type RunChain } from './chain.js';
import { withCommandLock } from './command-lock.js';
import type { CliIO } from './io.js';

type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

function attempt<T>(fn: () => T): Outcome<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}

/** ProjectRead is what reading PROJECT gave: its text (undefined without a file) and the validated file, or the error. */
interface ProjectRead {
  readonly text: string | undefined;
  readonly file: Outcome<ProjectFile | undefined>;
}

/**
 * RunContext holds the facts one CLI invocation works from, for every command: its IO, PROJECT (read
 * when first asked for and validated by the one reader) and, for the scaffolding commands, the plugin
 * chain, resolved once. The command tree is built from it (the chain decides the flags) and the action
 * runs with the same values. An action that writes runs through {@link RunContext.locked}, which holds
 * the project lock and looks at PROJECT again: it is parsed again only when another command changed it
 * while this one waited. Building help never fails on a broken PROJECT or an unknown plugin: it falls
 * back to the default chain, and the action reports the problem.
 */
export class RunContext {
  private read: ProjectRead | undefined;
  private readonly chains = new Map<string, Outcome<RunChain>>();

  /** `catalog` is the plugins the chain is resolved against; commands that run no plugin leave it out. */
  constructor(
    readonly io: CliIO,
    readonly argv: readonly string[],
    private readonly catalog?: PluginCatalog,
  ) {}

  /** RunContext.projectFile is the validated PROJECT, undefined without one; a problem in it is thrown (located). */
  projectFile(): ProjectFile | undefined {
    this.read ??= this.load(attempt(() => readProjectText(this.io.cwd)));
    return unwrap(this.read.file);
  }

  /** RunContext.hasProjectFile tells whether the folder holds a PROJECT file, valid or not. */
  hasProjectFile(): boolean {
    try {
      return this.projectFile() !== undefined;
    } catch {
      return true;
    }
  }

  /** RunContext.requireProject is the project a command must run in, or a UserError saying how to get one. */
  requireProject(command: string): ProjectFile {
    const file = this.projectFile();
    if (file === undefined)
      throw new UserError(`no PROJECT file in ${this.io.cwd}: \`operator-ts ${command}\` must run in a project`, {
        hint: 'cd into the project directory, or create one with `operator-ts init --domain example.com`',
      });
    return file;
  }

  /** RunContext.project is {@link RunContext.requireProject}'s values, for commands that need no positions. */
  project(command: string): ProjectConfig {
    return this.requireProject(command).config;
  }

  /**
   * RunContext.locked runs a command's action under the project lock (see withCommandLock). Once the lock
   * is held PROJECT is looked at again, if it was read before, so that the action works from what the
   * previous command wrote.
   */
  async locked<T>(command: string, flags: FlagValues, action: () => Promise<T> | T): Promise<T> {
    return withCommandLock(this.io, command, flags, () => {
      this.refresh();
      return action();
    });
  }

  /** RunContext.plugins is the catalog the chain is resolved against. */
  plugins(): PluginCatalog {
    if (this.catalog === undefined)
      throw new Error('this command runs no plugin: its run context has no plugin catalog');
    return this.catalog;
  }

  /**
   * RunContext.chain is the plugin chain of the run, resolved once: `--plugins`, else PROJECT's layout
   * (edit adds `--plugins` to it), else the default bundle. init never reads PROJECT: it refuses to run
   * over one. An unknown key from PROJECT's layout is reported at its line.
   */
  chain(command?: string): RunChain {
    const id = command === 'init' || command === 'edit' ? command : '';
    let outcome = this.chains.get(id);
    if (outcome === undefined) {
      outcome = attempt(() =>
        resolveRunChain(
          this.plugins(),
          command,
          command === 'init' ? undefined : this.projectFile(),
          pluginsFlag(this.argv),
        ),
      );
      this.chains.set(id, outcome);
    }
    return unwrap(outcome);
  }

  /** RunContext.helpChain is {@link RunContext.chain}'s plugins, or the default chain's when that fails (help and flags must always build). */
  helpChain(command?: string): readonly Plugin[] {
    try {
      return this.chain(command).plugins;
    } catch {
      return resolveRunChain(this.plugins(), command, undefined, undefined).plugins;
    }
  }

  private load(text: Outcome<string | undefined>): ProjectRead {
    if (!text.ok) return { text: undefined, file: text };
    const value = text.value;
    return {
      text: value,
      file: value === undefined ? { ok: true, value: undefined } : attempt(() => parseProjectFile(value)),
    };
  }

  /**
   * refresh reads PROJECT's text again when it was read before; unchanged text keeps the values already
   * read (and the chains resolved from them). Unread, it is read fresh, under the lock, when first asked for.
   */
  private refresh(): void {
    if (this.read === undefined) return;
    const text = attempt(() => readProjectText(this.io.cwd));
    if (text.ok && this.read.file.ok && text.value === this.read.text) return;
    this.read = this.load(text);
    this.chains.clear();
  }
}
