import { relative, resolve } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import { generateCatalog } from '../../manifests/olm/catalog/generate-catalog.js';
import { validateCatalog } from '../../manifests/olm/catalog/validate-catalog.js';
import { isDirectory } from '../../manifests/olm/fs/tree.js';
import { formatFindings, hasErrors } from '../../manifests/olm/validate/validate-bundle.js';
import type { CliIO } from '../io.js';
import { checkChannels, checkImage, checkNotEmpty } from './olm-flag-checks.js';
import { splitList } from './olm-project-info.js';

/** GenerateCatalogFlags are the parsed flags of `operator-ts generate catalog`. */
export interface GenerateCatalogFlags {
  catalogDir?: string;
  bundleDir?: string;
  bundleImage?: string;
  channels?: string;
  defaultChannel?: string;
  package?: string;
  replaces?: string;
  opmImage?: string;
}

/** generateCatalogAction implements `operator-ts generate catalog`. */
export async function generateCatalogAction(io: CliIO, flags: GenerateCatalogFlags): Promise<void> {
  if (flags.bundleImage === undefined || flags.bundleImage === '') {
    throw new UserError('--bundle-image is required', {
      hint: 'pass the pushed bundle image, e.g. --bundle-image quay.io/example/memcached-operator-bundle:v0.1.0 (make catalog passes BUNDLE_IMG)',
    });
  }
  checkImage('--bundle-image', flags.bundleImage);
  checkImage('--opm-image', flags.opmImage);
  checkChannels(flags.channels);
  checkNotEmpty('--catalog-dir', flags.catalogDir);
  checkNotEmpty('--bundle-dir', flags.bundleDir);
  const channels = splitList(flags.channels);
  const result = await generateCatalog({
    catalogDir: resolve(io.cwd, flags.catalogDir ?? 'catalog'),
    bundleDir: resolve(io.cwd, flags.bundleDir ?? 'bundle'),
    bundleImage: flags.bundleImage,
    ...(channels !== undefined ? { channels } : {}),
    ...(flags.defaultChannel !== undefined ? { defaultChannel: flags.defaultChannel } : {}),
    ...(flags.package !== undefined ? { packageName: flags.package } : {}),
    ...(flags.replaces !== undefined ? { replaces: flags.replaces } : {}),
    ...(flags.opmImage !== undefined ? { opmImage: flags.opmImage } : {}),
  });
  io.out(
    `added ${result.bundleName} to package ${result.packageName}\nwrote ${relative(io.cwd, result.indexFile)}\nwrote ${relative(io.cwd, result.dockerfilePath)}\n`,
  );
}

/** catalogValidateAction implements `operator-ts catalog validate <dir>`. */
export async function catalogValidateAction(io: CliIO, dir: string, flags: { output?: string }): Promise<void> {
  const output = flags.output ?? 'text';
  if (output !== 'text' && output !== 'json')
    throw new UserError(`--output ${output} is not supported`, { hint: 'use --output text or --output json' });
  const root = resolve(io.cwd, dir);
  if (!(await isDirectory(root)))
    throw new UserError(`catalog directory ${dir} does not exist`, { hint: 'run operator-ts generate catalog first' });
  const findings = await validateCatalog(root);
  if (output === 'json') io.out(`${JSON.stringify({ passed: !hasErrors(findings), findings }, null, 2)}\n`);
  else io.out(formatFindings(findings));
  if (hasErrors(findings)) {
    throw new UserError(`catalog ${dir} has ${findings.length} validation error(s)`, {
      hint: 'fix the packages, channels and bundles named above',
    });
  }
}
