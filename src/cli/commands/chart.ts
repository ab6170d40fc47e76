import { Command, Option } from 'commander';
import type { RunContext } from '../run-context.js';

/**
 * chartVersionCommand builds `operator-ts chart version`: validates Chart.yaml and checks its version
 * against the CRD changes since the previous chart (a git revision or a directory); with --bump it
 * writes the new version.
 */
export function chartVersionCommand(ctx: RunContext): Command {
  return new Command('version')
    .description('Check (or with --bump, set) the chart version from the CRD changes since the previous chart')
    .option('--chart <dir>', 'chart directory', 'dist/chart')
    .addOption(
      new Option(
        '--bump <kind>',
        "write the version bumped from the previous chart's: auto derives it from the CRD changes",
      ).choices(['auto', 'major', 'minor', 'patch']),
    )
    .option(
      '--from <ref-or-dir>',
      'the previous chart: a git revision (its copy of --chart; in CI the base branch, origin/main) or a chart directory',
      'HEAD',
    )
    .option('--release', 'refuse a pre-release version (for the default branch)', false)
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  operator-ts chart version --bump auto             # before a commit: major for a breaking CRD change,\n' +
        '                                                    # minor for a new field, else patch\n' +
        '  operator-ts chart version --from origin/main      # CI, pull request: fails when the version is not bumped enough\n' +
        '  operator-ts chart version --from HEAD^ --release  # CI, push to the default branch\n',
    )
    .action(async (flags: { chart: string; bump?: string; from: string; release: boolean }) => {
      const { chartVersionAction } = await import('./chart-version-action.js');
      await ctx.locked('chart version', {}, () => chartVersionAction(ctx.io, flags));
    });
}

/** chartCommand builds the `operator-ts chart` group holding `version`. */
export function chartCommand(ctx: RunContext): Command {
  return new Command('chart')
    .description("Work with the operator's Helm chart (dist/chart, written by edit --plugins helm/v1)")
    .addHelpText('after', '\nExamples:\n  operator-ts chart version --bump auto\n')
    .addCommand(chartVersionCommand(ctx));
}
