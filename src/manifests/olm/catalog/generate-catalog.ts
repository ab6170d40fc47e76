import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { UserError } from '../../../errors/user-error.js';
import { VirtualTree } from '../../../machinery/tree.js';
import { toYamlDocuments } from '../../../yaml/yaml.js';
import type { Obj } from '../model/objects.js';
import { formatFindings, readBundleDir, validateBundleFiles } from '../validate/validate-bundle.js';
import type { Finding } from '../validate/types.js';
import { addBundleToPackage, type AddBundleOptions } from './add-bundle.js';
import { catalogDockerfile, field, readCatalog, schemaOf, type Blob } from './fbc.js';
import { renderBundle } from './render-bundle.js';
import { validateCatalogContent } from './validate-catalog.js';

/** GenerateCatalogOptions drive {@link generateCatalog}. */
export interface GenerateCatalogOptions extends AddBundleOptions {
  /** The FBC root, e.g. `catalog`; the package lives in `<catalogDir>/<package>/index.yaml`. */
  catalogDir: string;
  /** The bundle directory written by generate bundle. */
  bundleDir: string;
  /** The pushed bundle image, e.g. quay.io/example/memcached-operator-bundle:v0.1.0. */
  bundleImage: string;
  /** Must match the bundle's package annotation when given. */
  packageName?: string;
  /** opm image of catalog.Dockerfile. */
  opmImage?: string;
}

/** GenerateCatalogResult names the written files. */
export interface GenerateCatalogResult {
  indexFile: string;
  dockerfilePath: string;
  packageName: string;
  bundleName: string;
}

/**
 * generateCatalog adds one release (a bundle directory plus its image) to a file-based catalog, creating
 * the catalog on first use. The updated catalog is validated as a whole, as `opm validate` would
 * ({@link validateCatalogContent}), before anything is written; re-adding the same bundle gives the same files.
 */
export async function generateCatalog(o: GenerateCatalogOptions): Promise<GenerateCatalogResult> {
  const catalogDir = resolve(o.catalogDir);
  const bundleFiles = await readBundleDir(resolve(o.bundleDir));
  if (bundleFiles.size === 0) {
    throw new UserError(`bundle directory ${o.bundleDir} is empty or missing`, {
      hint: 'run operator-ts generate bundle first, or pass --bundle-dir',
    });
  }
  const bundleErrors = validateBundleFiles(bundleFiles).filter((f) => f.severity === 'error');
  if (bundleErrors.length > 0) {
    throw new UserError(
      `bundle ${o.bundleDir} is invalid; the catalog was not changed:\n${formatFindings(bundleErrors).trimEnd()}`,
      { hint: 'fix the bundle (operator-ts bundle validate) and re-run' },
    );
  }
  const rendered = renderBundle(bundleFiles, o.bundleImage);
  const pkgName = rendered.packageName;
  if (o.packageName !== undefined && o.packageName !== pkgName) {
    throw new UserError(`--package ${o.packageName} does not match the bundle's package "${pkgName}"`, {
      hint: 'regenerate the bundle with the right --package, or drop --package',
    });
  }
  const content = await readCatalog(catalogDir);
  const indexRel = join(pkgName, 'index.yaml');
  const belongs = (b: Blob): boolean =>
    (schemaOf(b.obj) === 'olm.package' ? field(b.obj, 'name') : field(b.obj, 'package')) === pkgName;
  const misplaced = content.blobs.find((b) => belongs(b) && b.file !== indexRel);
  if (misplaced !== undefined) {
    throw new UserError(
      `package ${pkgName} has blobs in ${join(o.catalogDir, misplaced.file)}; generate catalog maintains ${join(o.catalogDir, indexRel)}`,
      {
        hint: `move the package's olm.package/olm.channel/olm.bundle blobs into ${join(o.catalogDir, indexRel)}`,
      },
    );
  }
  const updated = addBundleToPackage(
    content.blobs.filter(belongs).map((b) => b.obj),
    rendered,
    o,
  );
  const next = {
    blobs: [...content.blobs.filter((b) => !belongs(b)), ...updated.map((obj: Obj) => ({ obj, file: indexRel }))],
    unreadable: content.unreadable,
  };
  const errors: Finding[] = validateCatalogContent(next);
  if (errors.length > 0) {
    throw new UserError(
      `adding ${rendered.bundle.name as string} would make the catalog invalid; nothing was written:\n${formatFindings(errors).trimEnd()}`,
      {
        hint: 'fix the channel / replaces named above (spec.replaces in the base CSV, --channels, --default-channel) and re-run',
      },
    );
  }
  const indexFile = join(catalogDir, indexRel);
  const dockerfilePath = join(dirname(catalogDir), `${basename(catalogDir)}.Dockerfile`);
  // The index and its Dockerfile change together or not at all.
  const tree = new VirtualTree(dirname(catalogDir));
  tree.write(
    relative(dirname(catalogDir), indexFile).split(sep).join('/'),
    toYamlDocuments(updated, { sortKeys: true }),
  );
  tree.write(basename(dockerfilePath), catalogDockerfile(relative(dirname(catalogDir), catalogDir) || '.', o.opmImage));
  tree.flush();
  return { indexFile, dockerfilePath, packageName: pkgName, bundleName: String(rendered.bundle.name) };
}
