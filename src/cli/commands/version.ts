import { Command } from 'commander';
import { cliVersion } from '../../machinery/template-root.js';
import type { RunContext } from '../run-context.js';

/** versionCommand builds `version`: print the CLI version and the Node.js running it. */
export function versionCommand(ctx: RunContext): Command {
  return new Command('version')
    .description('Print the operator-ts version')
    .addHelpText('after', '\nExamples:\n  operator-ts version\n')
    .action(() => {
      ctx.io.out(`operator-ts ${cliVersion()} (node ${process.version}, ${process.platform}/${process.arch})\n`);
    });
}
