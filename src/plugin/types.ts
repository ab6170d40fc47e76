import type { FileDescriptor } from '../machinery/descriptors.js';
import type { ReadonlyTree } from '../machinery/tree.js';
import type { ProjectConfig, ResourceConfig } from '../model/project.js';

/** CommandName is a subcommand a plugin can implement. */
export type CommandName = 'init' | 'createApi' | 'createWebhook' | 'edit';

/** OptionType is how a declared option is parsed: booleans accept `--x`, `--x=false` and `--no-x`. */
export type OptionType = 'boolean' | 'string' | 'list';

/** OptionSpec declares one flag; the CLI binds it to commander and merges equal names across the chain. */
export interface OptionSpec {
  /** Flag name in kebab-case without dashes, e.g. `skip-install`; the value is read as camelCase (`skipInstall`). */
  readonly name: string;
  readonly type: OptionType;
  readonly description: string;
  readonly default?: boolean | string | readonly string[];
  /** Allowed values of a string option. */
  readonly choices?: readonly string[];
}

/** FlagValues holds parsed option values keyed by camelCase name. */
export type FlagValues = Readonly<Record<string, boolean | string | readonly string[] | undefined>>;

/** FileSink collects the descriptors a scaffold hook declares. */
export interface FileSink {
  add(...descriptors: FileDescriptor[]): void;
}

/** HookLog writes progress and warnings to stderr (stdout carries the change list). */
export interface HookLog {
  info(message: string): void;
  warn(message: string): void;
  /**
   * HookLog.progress shows that a long step (an install) is running: the elapsed seconds on a terminal,
   * one closing line with the time taken elsewhere. Call `done` when the step ends, whatever the outcome.
   */
  progress(label: string): { done(outcome?: 'done' | 'failed'): void };
}

/** HookContext is everything a hook may use. It is plain data plus a sink, so it can be serialised later. */
export interface HookContext {
  readonly command: CommandName;
  /** The project model; init creates it, hooks may update it (saved after every scaffold hook succeeded). */
  readonly project: ProjectConfig;
  /** The resource of create api / create webhook (mutable: plugins record what they scaffolded). */
  readonly resource: ResourceConfig | undefined;
  readonly flags: FlagValues;
  readonly files: FileSink;
  readonly tree: ReadonlyTree;
  readonly log: HookLog;
  /**
   * The running CLI: its name, version, and the packages its generator loads with their pinned versions
   * (a generated project lists them in devDependencies, so an operator's production install leaves them out).
   */
  readonly cli: {
    readonly name: string;
    readonly version: string;
    readonly generatorDependencies: Readonly<Record<string, string>>;
  };
  readonly dryRun: boolean;
  /**
   * Aborted when the user interrupts the command (Ctrl-C, SIGTERM). A postScaffold hook that runs a
   * program passes it to `runCommand`; after the hook stops, the command rolls back what it wrote.
   */
  readonly signal: AbortSignal;
  /** Key of the plugin running the hook; `settings` is its entry in the project file's `plugins`. */
  readonly pluginKey: string;
}

/** Subcommand is one plugin's contribution to a command. */
export interface Subcommand {
  /** One-line description appended to the command's help. */
  readonly description?: string;
  /** Help examples; `{cmd}` stands for the binary name. */
  readonly examples?: readonly string[];
  readonly options?: readonly OptionSpec[];
  /** validate makes pure checks and throws a UserError with a hint. */
  validate?(ctx: HookContext): void | Promise<void>;
  /** scaffold declares files through ctx.files and updates ctx.project / ctx.resource; no fs, no processes. */
  scaffold(ctx: HookContext): void | Promise<void>;
  /** postScaffold runs side effects after the files are written; skipped on --dry-run. */
  postScaffold?(ctx: HookContext): void | Promise<void>;
}

/**
 * ReplayStep is one command that re-creates what a plugin recorded in PROJECT, run by `alpha generate` and
 * `alpha update` to scaffold the project afresh: argv without the binary name (`['edit', '--plugins', ...]`)
 * and, in `seed`, project-relative paths of the user's files the command reads, copied into the fresh tree first.
 */
export interface ReplayStep {
  readonly argv: readonly string[];
  readonly seed?: readonly string[];
}

/** ReplayInput is what a plugin's replay reads: its entry of PROJECT's `plugins`, the project and its folder. */
export interface ReplayInput {
  readonly settings: Readonly<Record<string, unknown>> | undefined;
  readonly project: ProjectConfig;
  /** Absolute folder of the project being re-scaffolded, for flags that name one of its files. */
  readonly root: string;
}

/** PluginInit is what {@link definePlugin} takes. */
export interface PluginInit {
  /** DNS-like name, e.g. `typescript.operator-ts.dev`. */
  readonly name: string;
  /** Version such as `v1`, `v2`, `v1-alpha`. */
  readonly version: string;
  readonly description: string;
  readonly deprecated?: string;
  readonly supportedProjectVersions?: readonly string[];
  readonly init?: Subcommand;
  readonly createApi?: Subcommand;
  readonly createWebhook?: Subcommand;
  readonly edit?: Subcommand;
  /**
   * replay gives the commands that re-create what this plugin recorded in PROJECT (its `plugins` entry, its
   * layout key). Without it, a layout key whose plugin has no init is replayed as `edit --plugins <key>`.
   * A `create api` step replaces the plain one for its group/version/kind; `edit` steps run after every
   * API and webhook is scaffolded.
   */
  readonly replay?: (input: ReplayInput) => readonly ReplayStep[];
}

/** Plugin is a defined plugin: its init plus the key `<name>/<version>` written to the project file. */
export interface Plugin extends PluginInit {
  readonly type: 'plugin';
  readonly key: string;
  readonly supportedProjectVersions: readonly string[];
}

/** Bundle groups plugins under one key; it is flattened when resolved. */
export interface Bundle {
  readonly type: 'bundle';
  readonly name: string;
  readonly version: string;
  readonly key: string;
  readonly description: string;
  readonly plugins: readonly Plugin[];
}
