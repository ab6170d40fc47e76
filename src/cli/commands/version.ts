import { Command } from 'commander';
import { cliVersion } from '../../machinery/template-root.js';
import type { CliIO } from '../io.js';

/** versionCommand builds `version`: print the CLI version and the Node.js running it. */
export function versionCommand(io: CliIO): Command {
  return new Command('version')
    .description('Print the operator-ts version')
    .addHelpText('after', '\nExamples:\n  operator-ts version\n')
    .action(() => {
      io.out(`operator-ts ${cliVersion()} (node ${process.version}, ${process.platform}/${process.arch})\n`);
    });
}
