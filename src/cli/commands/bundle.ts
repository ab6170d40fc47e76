import { Command, Option } from 'commander';
import type { RunContext } from '../run-context.js';

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * generateBundleCommand builds `operator-ts generate bundle`: an OLM registry+v1 bundle from the rendered
 * kustomize manifests (stdin or --input-dir) and the base CSV. Wire it as a subcommand of `generate`.
 */
export function generateBundleCommand(ctx: RunContext): Command {
  return new Command('bundle')
    .description(
      'Generate an OLM bundle (CSV, CRDs, metadata, scorecard config, bundle.Dockerfile) from kustomize output',
    )
    .option('-v, --version <semver>', 'bundle version, strict semver without "v" (required)')
    .option('--channels <list>', 'comma-separated channels the bundle is published in', 'alpha')
    .option('--default-channel <name>', 'the package default channel')
    .option('--package <name>', 'package name (default: PROJECT projectName, else the directory name)')
    .option('--input-dir <dir>', 'read manifests from a directory instead of stdin')
    .option('--output-dir <dir>', 'bundle directory', 'bundle')
    .option('--base-csv <file>', 'base CSV (default config/manifests/bases/<package>.clusterserviceversion.yaml)')
    .option('--replaces <csv-name>', 'set spec.replaces (the CSV this release upgrades from)')
    .option('--skip-range <range>', 'set the olm.skipRange annotation, e.g. ">=0.1.0 <0.2.0"')
    .option('--extra-service-accounts <list>', 'more service accounts whose bound roles go into the CSV')
    .option(
      '--apis-dir <dir>',
      'API types whose +operator-sdk:csv:customresourcedefinitions markers become CSV descriptors (default src/api)',
    )
    .addOption(
      new Option('--use-image-digests', 'pin CSV images to digests, resolved from their (public) registries').default(
        false,
      ),
    )
    .option('-q, --quiet', 'do not list the written files', false)
    .addHelpText(
      'after',
      '\nExamples:\n  kubectl kustomize config/manifests | operator-ts generate bundle --version 0.1.0\n' +
        '  operator-ts generate bundle --version 0.2.0 --channels stable --default-channel stable --input-dir rendered/\n\n' +
        'Runs the default bundle checks before writing; on any error nothing is written.\n' +
        'createdAt is only written when SOURCE_DATE_EPOCH is set, so re-runs are byte-identical.\n',
    )
    .action(async (flags: Record<string, unknown>) => {
      const { generateBundleAction } = await import('./bundle-actions.js');
      await ctx.locked('generate bundle', {}, () => generateBundleAction(ctx, flags));
    });
}

/** bundleValidateCommand builds `operator-ts bundle validate <dir>`; exits 1 when any check reports an error. */
export function bundleValidateCommand(ctx: RunContext): Command {
  return new Command('validate')
    .description('Validate an OLM bundle directory (format, content, CSV, CRD and bundle checks, plus optional suites)')
    .argument('[dir]', 'bundle directory')
    .option(
      '--select-optional <selector>',
      'run optional checks: suite=operatorframework, name=<validator>, check=<check> (repeatable)',
      collect,
    )
    .option('--optional-values <k=v,...>', 'values for optional checks, e.g. k8s-version=1.30')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--json', 'the same as -o json', false)
    .option('--list-optional', 'list the optional validators and their checks', false)
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts bundle validate ./bundle\n' +
        '  operator-ts bundle validate ./bundle --select-optional suite=operatorframework --json\n',
    )
    .action(async (dir: string | undefined, flags: Record<string, unknown>, cmd: Command) => {
      const { bundleValidateAction } = await import('./bundle-actions.js');
      await bundleValidateAction(ctx.io, dir, { ...flags, outputGiven: cmd.getOptionValueSource('output') === 'cli' });
    });
}

/** bundleCommand builds the `operator-ts bundle` group holding `validate`. */
export function bundleCommand(ctx: RunContext): Command {
  return new Command('bundle')
    .description('Work with OLM bundles')
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts bundle validate ./bundle\n  operator-ts generate bundle --help   # write a bundle first\n',
    )
    .addCommand(bundleValidateCommand(ctx));
}
