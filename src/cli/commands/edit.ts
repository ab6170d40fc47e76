import { Command } from 'commander';
import { canonicalKeys } from '../../plugin/resolve.js';
import type { OptionSpec } from '../../plugin/types.js';
import { availablePlugins, pluginsFlag, quietChain } from '../chain.js';
import type { CliIO } from '../io.js';
import { withCommandLock } from '../command-lock.js';
import { runScaffold } from '../runner.js';
import { actionChainKeys, loadExistingProject } from './project-context.js';
import { addCommandOptions, chainFromKeys, examplesHelp, flagValues } from './shared.js';

const OWN_OPTIONS: readonly OptionSpec[] = [
  { name: 'multigroup', type: 'boolean', description: 'switch to (or, with =false, away from) the multigroup layout' },
  { name: 'namespaced', type: 'boolean', description: 'switch to (or away from) a namespace-scoped manager' },
];

/** editCommand builds `edit`: change project-wide settings or add optional plugins. */
export function editCommand(io: CliIO, argv: readonly string[]): Command {
  const chain = quietChain(io.cwd, argv, 'edit');
  const cmd = new Command('edit').description('Change project-wide settings, or add optional plugins with --plugins');
  addCommandOptions(cmd, OWN_OPTIONS, chain, 'edit');
  cmd.addHelpText('after', examplesHelp(['operator-ts edit --multigroup', 'operator-ts edit --namespaced=false', 'operator-ts edit --plugins <plugin-key>']));
  cmd.action((opts: Record<string, unknown>) => withCommandLock(io, 'edit', opts, async () => {
    const project = loadExistingProject(io, 'edit');
    const keys = actionChainKeys(project, argv, 'edit');
    if (pluginsFlag(argv) !== undefined) project.layout = canonicalKeys(keys, availablePlugins());
    if (typeof opts['multigroup'] === 'boolean') project.multigroup = opts['multigroup'];
    if (typeof opts['namespaced'] === 'boolean') project.namespaced = opts['namespaced'];
    await runScaffold({
      command: 'edit',
      io,
      chain: chainFromKeys(keys),
      project,
      flags: flagValues(opts),
      next: 'review the changes, then run: npm run manifests && npm test',
    });
  }));
  return cmd;
}
