import { Command } from 'commander';
import { cliVersion } from '../../machinery/template-root.js';
import type { RunContext } from '../run-context.js';

/**
 * VersionReport is what `version --json` prints: the CLI, the Node.js running it, the plugins it has, and
 * the project of the current folder (null outside one) with the CLI version that scaffolded it.
 */
export interface VersionReport {
  cliVersion: string;
  node: string;
  platform: string;
  arch: string;
  plugins: { key: string; description: string }[];
  project: { projectName: string; cliVersion: string; layout: string[] } | null;
}

/** versionCommand builds `version`: print the CLI version and the Node.js running it. */
export function versionCommand(ctx: RunContext): Command {
  return new Command('version')
    .description('Print the operator-ts version')
    .option('--json', 'print the CLI, Node.js, plugin and project versions as one JSON object', false)
    .addHelpText('after', '\nExamples:\n  operator-ts version\n  operator-ts version --json\n')
    .action(async (flags: { json: boolean }) => {
      if (!flags.json) {
        ctx.io.out(`operator-ts ${cliVersion()} (node ${process.version}, ${process.platform}/${process.arch})\n`);
        return;
      }
      // Only --json loads the plugins: `version` stays as quick as `--help`.
      const { builtinCatalog } = await import('../plugin-catalog.js');
      const config = ctx.projectFile()?.config;
      const project =
        config === undefined
          ? null
          : { projectName: config.projectName, cliVersion: config.cliVersion, layout: [...config.layout] };
      const report: VersionReport = {
        cliVersion: cliVersion(),
        node: process.version,
        platform: process.platform,
        arch: process.arch,
        plugins: builtinCatalog().plugins.map((p) => ({ key: p.key, description: p.description })),
        project,
      };
      ctx.io.out(`${JSON.stringify(report, null, 2)}\n`);
    });
}
