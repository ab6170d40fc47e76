import { Command } from 'commander';
import { UserError } from '../../errors/user-error.js';
import type { RunContext } from '../run-context.js';

/**
 * devCommand builds `operator-ts dev [manager flags...]`, the generated project's `npm run dev`: the manager
 * from the sources with readable logs, restarted on every change, and `generate` re-run when API types change.
 */
export function devCommand(ctx: RunContext): Command {
  return new Command('dev')
    .description(
      'Run the manager from the sources (tsx watch) with readable logs; re-run generate when src/api changes',
    )
    .argument('[manager-flags...]', 'flags passed on to the manager, e.g. --log-level trace (after --)')
    .allowUnknownOption()
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts dev\n  ENABLE_WEBHOOKS=false operator-ts dev -- --metrics-bind-address :8080\n' +
        '\nThe manager runs against the cluster of the current kubeconfig. Set ENABLE_WEBHOOKS=false when you have\n' +
        'no webhook certificates locally. Changes under src/api run `operator-ts generate` (CRDs, RBAC, webhook\n' +
        'configurations, zz_generated descriptors); apply the CRDs with `make install`.\n',
    )
    .action(async (managerArgs: string[]) => {
      const { runDevLoop } = await import('./dev-loop.js');
      const signal = ctx.io.signal;
      const code = await runDevLoop({ cwd: ctx.io.cwd, managerArgs, log: (line) => ctx.io.err(`${line}\n`), signal });
      if (signal?.aborted === true) throw signal.reason;
      if (code !== 0)
        throw new UserError(`the manager stopped with exit code ${code}`, { hint: 'its output above says why' });
    });
}
