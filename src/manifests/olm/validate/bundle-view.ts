import { gzipSync } from 'node:zlib';
import { parseAllDocuments } from 'yaml';
import { gvkOf, isObj, type Obj } from '../model/objects.js';
import type { BundleView, ManifestFile } from './types.js';

/**
 * loadBundleView parses a bundle given as files keyed by path relative to the bundle root. A key ending in
 * '/' marks an (empty) directory. Parsing never throws: unreadable files become findings later.
 */
export function loadBundleView(files: ReadonlyMap<string, string>): BundleView {
  const keys = [...files.keys()];
  const hasDir = (dir: string): boolean => keys.some((k) => k === `${dir}/` || k.startsWith(`${dir}/`));
  const manifests: ManifestFile[] = [];
  const unreadable: { path: string; message: string }[] = [];
  let compressedSize = 0;
  for (const path of keys.filter((k) => /^manifests\/[^/]+$/.test(k)).sort()) {
    const text = files.get(path) ?? '';
    compressedSize += gzipSync(Buffer.from(text)).toString('base64').length;
    const parsed = parseObjects(text);
    if (typeof parsed === 'string') unreadable.push({ path, message: parsed });
    else for (const obj of parsed) manifests.push({ path, obj });
  }
  const csvs = manifests.filter((m) => gvkOf(m.obj).kind === 'ClusterServiceVersion');
  const crds = manifests.filter((m) => gvkOf(m.obj).kind === 'CustomResourceDefinition');

  let annotations: Record<string, string> | undefined;
  let annotationsPath: string | undefined;
  let dependencies: BundleView['dependencies'];
  for (const path of keys.filter((k) => k.startsWith('metadata/') && !k.endsWith('/')).sort()) {
    const parsed = parseObjects(files.get(path) ?? '');
    if (typeof parsed === 'string') continue;
    for (const doc of parsed) {
      if (annotations === undefined && isObj(doc.annotations)) {
        annotations = Object.fromEntries(
          Object.entries(doc.annotations).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]),
        );
        annotationsPath = path;
      }
      if (dependencies === undefined && Array.isArray(doc.dependencies))
        dependencies = { path, entries: doc.dependencies };
    }
  }
  return {
    files,
    hasManifestsDir: hasDir('manifests'),
    hasMetadataDir: hasDir('metadata'),
    manifests,
    unreadable,
    csv: csvs[0],
    csvs,
    crds,
    annotations,
    annotationsPath,
    dependencies,
    compressedSize,
  };
}

function parseObjects(text: string): Obj[] | string {
  const docs = parseAllDocuments(text);
  const out: Obj[] = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    if (doc.errors.length > 0) return doc.errors[0]?.message.split('\n')[0] ?? 'invalid YAML';
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (!isObj(value)) return 'not a YAML mapping';
    out.push(value);
  }
  return out;
}
