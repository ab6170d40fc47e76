import { Command } from 'commander';
import type { OptionSpec } from '../../plugin/types.js';
import type { RunContext } from '../run-context.js';
import { runScaffold } from '../runner.js';
import { addCommandOptions, examplesHelp, flagValues } from './shared.js';

const OWN_OPTIONS: readonly OptionSpec[] = [
  { name: 'multigroup', type: 'boolean', description: 'switch to (or, with =false, away from) the multigroup layout' },
  { name: 'namespaced', type: 'boolean', description: 'switch to (or away from) a namespace-scoped manager' },
];

/** editCommand builds `edit`: change project-wide settings or add optional plugins. */
export function editCommand(ctx: RunContext): Command {
  const chain = ctx.helpChain('edit');
  const cmd = new Command('edit').description('Change project-wide settings, or add optional plugins with --plugins');
  addCommandOptions(cmd, OWN_OPTIONS, chain, 'edit');
  cmd.addHelpText(
    'after',
    examplesHelp([
      'operator-ts edit --multigroup',
      'operator-ts edit --namespaced=false',
      'operator-ts edit --plugins <plugin-key>',
    ]),
  );
  cmd.action((opts: Record<string, unknown>) =>
    ctx.locked('edit', flagValues(opts), async () => {
      const project = ctx.project('edit');
      const runChain = ctx.chain('edit');
      if (runChain.fromFlag) project.layout = [...runChain.layout];
      if (typeof opts['multigroup'] === 'boolean') project.multigroup = opts['multigroup'];
      if (typeof opts['namespaced'] === 'boolean') project.namespaced = opts['namespaced'];
      await runScaffold({
        command: 'edit',
        io: ctx.io,
        chain: runChain.plugins,
        project,
        flags: flagValues(opts),
        next: 'review the changes, then run: npm run manifests && npm test',
      });
    }),
  );
  return cmd;
}
