import { Command, Option } from 'commander';
import type { RunContext } from '../run-context.js';

/**
 * generateCatalogCommand builds `operator-ts generate catalog`: adds the bundle in --bundle-dir (published
 * as --bundle-image) to the file-based catalog in --catalog-dir. Wire it as a subcommand of `generate`.
 */
export function generateCatalogCommand(ctx: RunContext): Command {
  return new Command('catalog')
    .description('Add a bundle release to a file-based OLM catalog (FBC) and write catalog.Dockerfile')
    .option('--catalog-dir <dir>', 'FBC root directory', 'catalog')
    .option('--bundle-dir <dir>', 'bundle directory written by generate bundle', 'bundle')
    .option('--bundle-image <image>', 'the pushed bundle image (required)')
    .option('--channels <list>', "channels to add the release to (default: the bundle's channels)")
    .option('--default-channel <name>', 'set the package default channel')
    .option('--package <name>', 'expected package name (must match the bundle)')
    .option('--replaces <csv-name>', 'upgrade edge override (default: CSV spec.replaces, else the channel head)')
    .option('--opm-image <image>', 'opm image used by catalog.Dockerfile')
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts generate catalog --bundle-image quay.io/example/memcached-operator-bundle:v0.1.0\n' +
        '  operator-ts generate catalog --bundle-dir bundle --bundle-image $(BUNDLE_IMG) --channels stable\n\n' +
        'The whole catalog is validated before writing; on any error nothing is written.\n',
    )
    .action(async (flags: Record<string, unknown>) => {
      const { generateCatalogAction } = await import('./catalog-actions.js');
      await ctx.locked('generate catalog', {}, () => generateCatalogAction(ctx.io, flags));
    });
}

/** catalogValidateCommand builds `operator-ts catalog validate <dir>`; exits 1 when the catalog is invalid. */
export function catalogValidateCommand(ctx: RunContext): Command {
  return new Command('validate')
    .description('Validate a file-based catalog: packages, channels, bundles and upgrade graphs')
    .argument('<dir>', 'catalog directory')
    .addOption(new Option('-o, --output <format>', 'output format').choices(['text', 'json']).default('text'))
    .addHelpText('after', '\nExamples:\n  operator-ts catalog validate catalog\n')
    .action(async (dir: string, flags: Record<string, unknown>) => {
      const { catalogValidateAction } = await import('./catalog-actions.js');
      await catalogValidateAction(ctx.io, dir, flags);
    });
}

/** catalogCommand builds the `operator-ts catalog` group holding `validate`. */
export function catalogCommand(ctx: RunContext): Command {
  return new Command('catalog')
    .description('Work with file-based OLM catalogs')
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts catalog validate catalog\n  operator-ts generate catalog --help   # add a bundle to a catalog first\n',
    )
    .addCommand(catalogValidateCommand(ctx));
}
