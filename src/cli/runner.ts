import { InterruptedError, isInterrupted } from '../errors/interrupted.js';
import { UserError } from '../errors/user-error.js';
import type { FileDescriptor } from '../machinery/descriptors.js';
import { applyDescriptors, conflictError, type Conflict } from '../machinery/apply.js';
import { VirtualTree, type Change } from '../machinery/tree.js';
import { cliVersion } from '../machinery/template-root.js';
import { PROJECT_FILE, serializeProject, type ProjectConfig, type ResourceConfig } from '../model/project.js';
import { findResource } from '../model/resource.js';
import { commandLabel, runHook } from '../plugin/run.js';
import type { CommandName, FlagValues, HookContext, Plugin } from '../plugin/types.js';
import { ownGeneratorDependencies } from './generator-deps.js';
import { startProgress } from './progress.js';
import { errPaint, outPaint, printChanges, type CliIO } from './io.js';

/** ScaffoldRun is one scaffolding command ready to run through its plugin chain. */
export interface ScaffoldRun {
  readonly command: CommandName;
  readonly io: CliIO;
  readonly chain: readonly Plugin[];
  readonly project: ProjectConfig;
  readonly resource?: ResourceConfig;
  readonly flags: FlagValues;
  /** "Next:" hint printed after a successful run. */
  readonly next: string;
}

/** checkChain warns about deprecated plugins and refuses a plugin that does not support the project's version. */
function checkChain(run: ScaffoldRun): void {
  for (const plugin of run.chain) {
    if (plugin.deprecated !== undefined)
      run.io.err(
        `${errPaint(run.io)('yellow', 'Warning:')} plugin ${plugin.key} is deprecated: ${plugin.deprecated}\n`,
      );
    if (!plugin.supportedProjectVersions.includes(run.project.version))
      throw new UserError(`plugin ${plugin.key} does not support project version "${run.project.version}"`, {
        hint: `it supports: ${plugin.supportedProjectVersions.join(', ')}`,
      });
  }
}

/**
 * stage runs every plugin's scaffold hook and stages what it declares, then PROJECT; conflicts of all
 * plugins are collected, so that one error names every file in the way.
 */
async function stage(
  run: ScaffoldRun,
  tree: VirtualTree,
  contextFor: (plugin: Plugin, sink: FileDescriptor[]) => HookContext,
): Promise<void> {
  const { render } = await import('./render-loader.js');
  const renderer = await render();
  const conflicts: Conflict[] = [];
  const cmd = `\`operator-ts ${commandLabel(run.command)}\``;
  const canForce = run.chain.some((p) => p[run.command]?.options?.some((o) => o.name === 'force') === true);
  for (const plugin of run.chain) {
    const sink: FileDescriptor[] = [];
    await runHook([plugin], run.command, 'scaffold', (p) => contextFor(p, sink));
    try {
      conflicts.push(
        ...applyDescriptors(tree, sink, { renderer, force: run.flags['force'] === true, command: cmd, canForce }),
      );
    } catch (err) {
      throw new Error(`${commandLabel(run.command)}: plugin ${plugin.key}: scaffold: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
  if (run.resource !== undefined) upsertResource(run.project, run.resource);
  applyDescriptors(tree, [{ kind: 'generated', path: PROJECT_FILE, content: serializeProject(run.project) }], {
    renderer,
  });
  if (conflicts.length > 0) throw conflictError(conflicts);
}

/**
 * runScaffold runs validate -> scaffold -> (save PROJECT) -> flush -> postScaffold for every plugin of
 * the chain. Files are staged in a virtual tree; nothing is written unless every hook succeeded and no
 * descriptor conflicts with a file on disk.
 */
export async function runScaffold(run: ScaffoldRun): Promise<void> {
  const dryRun = run.flags['dryRun'] === true;
  const signal = run.io.signal ?? new AbortController().signal;
  const tree = new VirtualTree(run.io.cwd);
  const contextFor = (plugin: Plugin, sink: FileDescriptor[] = []): HookContext => ({
    command: run.command,
    project: run.project,
    resource: run.resource,
    flags: run.flags,
    files: { add: (...d) => void sink.push(...d) },
    tree,
    log: {
      info: (m) => run.io.err(`${m}\n`),
      warn: (m) => run.io.err(`${errPaint(run.io)('yellow', 'Warning:')} ${m}\n`),
      progress: (label) => startProgress(run.io.err, label, { tty: run.io.errIsTTY === true, paint: errPaint(run.io) }),
    },
    cli: { name: 'operator-ts', version: cliVersion(), generatorDependencies: ownGeneratorDependencies() },
    dryRun,
    signal,
    pluginKey: plugin.key,
  });
  checkChain(run);
  await runHook(run.chain, run.command, 'validate', (p) => contextFor(p));
  await stage(run, tree, contextFor);
  if (dryRun) {
    printChanges(run.io, tree.changes(), true);
    return;
  }
  // Stopped before the flush: nothing was written.
  signal.throwIfAborted();
  const changes = tree.flush();
  printChanges(run.io, changes, false);
  try {
    await runHook(run.chain, run.command, 'postScaffold', (p) => contextFor(p));
  } catch (err) {
    if (!signal.aborted) throw err;
    throw rolledBack(tree, changes, isInterrupted(signal.reason) ? signal.reason : new InterruptedError('SIGINT'));
  }
  run.io.out(`${outPaint(run.io)(['bold', 'green'], 'Next:')} ${run.next}\n`);
}

/** rolledBack undoes the flush of a command interrupted in its post-write steps, so that re-running it starts afresh. */
function rolledBack(tree: VirtualTree, changes: readonly Change[], reason: InterruptedError): InterruptedError {
  const count = changes.filter((c) => c.kind !== 'SKIP').length;
  const outcome = tree.undoFlush();
  const undone =
    outcome.unrestored.length === 0
      ? `the ${count} file changes it had written were rolled back, the folder is as it was before; re-run the command`
      : `its file changes were rolled back except ${outcome.unrestored.join(', ')}, whose previous content is saved in ${outcome.rescueDir}`;
  return new InterruptedError(reason.signal, undone);
}

function upsertResource(project: ProjectConfig, resource: ResourceConfig): void {
  const existing = findResource(project, resource);
  if (existing === undefined) project.resources.push(resource);
  else if (existing !== resource) Object.assign(existing, resource);
}

/** requireFlag returns a string flag or throws a UserError naming it and showing an example. */
export function requireFlag(flags: FlagValues, name: string, flag: string, example: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '')
    throw new UserError(`missing required flag --${flag}`, { hint: `for example: ${example}` });
  return value;
}
