import { isSupportedBundleKind } from '../model/supported-kinds.js';
import { describeObject, gvkOf, isObj, type Obj } from '../model/objects.js';
import { isLabelValue, isQualifiedName } from '../model/names.js';
import type { CheckDefinition, RawFinding } from './types.js';

const isCsvOrCrd = (o: Obj): boolean => ['ClusterServiceVersion', 'CustomResourceDefinition'].includes(gvkOf(o).kind);

function metadataProblems(obj: Obj): string[] {
  const meta: Obj = isObj(obj.metadata) ? obj.metadata : {};
  const out: string[] = [];
  if (!meta.name && !meta.generateName) out.push('metadata.name or metadata.generateName is required');
  if (meta.namespace !== undefined && meta.namespace !== '')
    out.push(
      `metadata.namespace "${String(meta.namespace)}" is not allowed in a bundle (OLM installs into the namespace the user picks)`,
    );
  for (const [k, val] of Object.entries(isObj(meta.labels) ? meta.labels : {})) {
    if (!isQualifiedName(k)) out.push(`label key "${k}" is invalid`);
    if (!isLabelValue(String(val))) out.push(`label "${k}" has an invalid value "${String(val)}"`);
  }
  const annotations = isObj(meta.annotations) ? meta.annotations : {};
  let size = 0;
  for (const [k, val] of Object.entries(annotations)) {
    if (!isQualifiedName(k)) out.push(`annotation key "${k}" is invalid`);
    size += k.length + String(val).length;
  }
  if (size > 256 * 1024) out.push(`annotations total ${size} bytes, more than the 262144 allowed`);
  for (const ref of Array.isArray(meta.ownerReferences) ? meta.ownerReferences : []) {
    if (!isObj(ref) || !ref.apiVersion || !ref.kind || !ref.name || !ref.uid)
      out.push('ownerReferences entries need apiVersion, kind, name and uid');
  }
  return out;
}

/**
 * contentChecks are operator-sdk's bundle content checks, internal/registry/validate.go
 * (ValidateBundleContent, validateObject): supported kinds and object metadata of everything but the CSV
 * and CRDs, and a CSV must be present.
 */
export const contentChecks: CheckDefinition[] = [
  {
    name: 'content-unreadable',
    validator: 'content',
    severity: 'error',
    run: (v) => v.unreadable.map((u) => ({ object: u.path, message: `cannot decode manifest: ${u.message}` })),
  },
  {
    name: 'content-unsupported-kind',
    validator: 'content',
    severity: 'error',
    run: (v) =>
      v.manifests
        .filter((m) => !isSupportedBundleKind(gvkOf(m.obj).kind))
        .map((m) => ({
          object: `${m.path} ${describeObject(m.obj)}`,
          message: `kind ${gvkOf(m.obj).kind || '<none>'} is not supported in a registry+v1 bundle; remove it or deploy it another way`,
        })),
  },
  {
    name: 'content-object-metadata',
    validator: 'content',
    severity: 'error',
    run: (v) => {
      const out: RawFinding[] = [];
      for (const m of v.manifests) {
        if (isCsvOrCrd(m.obj)) continue;
        for (const message of metadataProblems(m.obj))
          out.push({ object: `${m.path} ${describeObject(m.obj)}`, message });
      }
      return out;
    },
  },
  {
    name: 'content-no-csv',
    validator: 'content',
    severity: 'error',
    run: (v) =>
      v.hasManifestsDir && v.csv === undefined
        ? [{ object: 'manifests/', message: 'unable to find a ClusterServiceVersion in manifests/' }]
        : [],
  },
  {
    // Not an upstream check: with two CSVs the registry silently picks one.
    name: 'content-multiple-csvs',
    validator: 'content',
    severity: 'error',
    run: (v) =>
      v.csvs.length > 1
        ? [
            {
              object: 'manifests/',
              message: `found ${v.csvs.length} ClusterServiceVersions (${v.csvs.map((c) => c.path).join(', ')}); a bundle has exactly one`,
            },
          ]
        : [],
  },
];
