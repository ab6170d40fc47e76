import { deploymentServiceAccount } from '../csv/rbac.js';
import { ANNOTATION } from '../model/annotations.js';
import { asObjArray, describeObject, gvkOf, nameOf, type Obj } from '../model/objects.js';
import { isImageReference } from '../model/names.js';
import type { BundleView, CheckDefinition, RawFinding } from './types.js';

/** MAX_BUNDLE_SIZE is OLM's limit on the compressed manifests (the ConfigMap the bundle is unpacked into). */
export const MAX_BUNDLE_SIZE = 1_048_576;

function crdGvks(v: BundleView): { key: string; gk: string; path: string }[] {
  return v.crds.flatMap((m) =>
    asObjArray(m.obj.spec?.versions).map((ver) => ({
      key: `${String(m.obj.spec?.group)}/${String(ver.name)}/${String(m.obj.spec?.names?.kind)}`,
      gk: `${String(m.obj.spec?.group)}/${String(m.obj.spec?.names?.kind)}`,
      path: m.path,
    })),
  );
}

function ownedKeys(csv: Obj): { key: string; gk: string }[] {
  return asObjArray(csv.spec?.customresourcedefinitions?.owned).map((e) => {
    const name = String(e.name ?? '');
    const group = name.slice(name.indexOf('.') + 1);
    return { key: `${group}/${String(e.version)}/${String(e.kind)}`, gk: `${group}/${String(e.kind)}` };
  });
}

function csvObject(v: BundleView): string {
  return v.csv === undefined ? 'bundle' : describeObject(v.csv.obj);
}

/**
 * bundleChecks are operator-framework/api's Bundle validator, pkg/validation/internal/bundle.go
 * (validateBundle: validateOwnedCRDs, validateServiceAccounts, validateBundleSize, validateBundleName,
 * validateRelatedImages).
 */
export const bundleChecks: CheckDefinition[] = [
  {
    name: 'bundle-duplicate-crd',
    validator: 'bundle',
    severity: 'error',
    run: (v) => {
      const seen = new Map<string, string>();
      const out: RawFinding[] = [];
      for (const g of crdGvks(v)) {
        const prev = seen.get(g.key);
        if (prev !== undefined) out.push({ object: g.path, message: `duplicate CRD ${g.key} (also in ${prev})` });
        seen.set(g.key, g.path);
      }
      return out;
    },
  },
  {
    name: 'bundle-owned-crd-missing',
    validator: 'bundle',
    severity: 'error',
    run: (v) => {
      if (v.csv === undefined) return [];
      const have = new Set(crdGvks(v).map((g) => g.key));
      return ownedKeys(v.csv.obj)
        .filter((o) => !have.has(o.key))
        .map((o) => ({ object: csvObject(v), message: `owned CRD ${o.key} not found in bundle manifests` }));
    },
  },
  {
    name: 'bundle-crd-not-owned',
    validator: 'bundle',
    severity: 'error',
    run: (v) => {
      if (v.csv === undefined) return [];
      const owned = ownedKeys(v.csv.obj);
      const keys = new Set(owned.map((o) => o.key));
      const gks = new Set(owned.map((o) => o.gk));
      return crdGvks(v)
        .filter((g) => !keys.has(g.key) && !gks.has(g.gk))
        .map((g) => ({
          object: g.path,
          message: `CRD ${g.key} is present in the bundle but not defined in the CSV's owned CRDs`,
        }));
    },
  },
  {
    name: 'bundle-service-account',
    validator: 'bundle',
    severity: 'error',
    run: (v) => {
      if (v.csv === undefined) return [];
      const sas = new Set(
        asObjArray(v.csv.obj.spec?.install?.spec?.deployments).map((d) => deploymentServiceAccount({ spec: d.spec })),
      );
      return v.manifests
        .filter((m) => gvkOf(m.obj).kind === 'ServiceAccount' && sas.has(nameOf(m.obj)))
        .map((m) => ({
          object: `${m.path} ${describeObject(m.obj)}`,
          message: `ServiceAccount "${nameOf(m.obj)}" is the operator's service account, which OLM creates; remove this manifest`,
        }));
    },
  },
  {
    name: 'bundle-size-limit',
    validator: 'bundle',
    severity: 'error',
    run: (v) =>
      v.compressedSize > MAX_BUNDLE_SIZE
        ? [
            {
              object: 'manifests/',
              message: `compressed bundle size ${v.compressedSize} bytes exceeds OLM's limit of ${MAX_BUNDLE_SIZE}`,
            },
          ]
        : [],
  },
  {
    name: 'bundle-size-near-limit',
    validator: 'bundle',
    severity: 'warning',
    run: (v) =>
      v.compressedSize <= MAX_BUNDLE_SIZE && v.compressedSize > MAX_BUNDLE_SIZE * 0.85
        ? [
            {
              object: 'manifests/',
              message: `compressed bundle size ${v.compressedSize} bytes is over 85% of OLM's limit of ${MAX_BUNDLE_SIZE}`,
            },
          ]
        : [],
  },
  {
    // Not upstream: operator-framework/api (validateBundleSize) limits only the sum of the compressed
    // files, but one manifest over 1 MiB cannot be stored as a single object.
    name: 'bundle-file-size',
    validator: 'bundle',
    severity: 'error',
    run: (v) =>
      [...v.files.entries()]
        .filter(([k, text]) => k.startsWith('manifests/') && Buffer.byteLength(text) > MAX_BUNDLE_SIZE)
        .map(([k, text]) => ({
          object: k,
          message: `manifest is ${Buffer.byteLength(text)} bytes, over the 1 MiB object limit`,
        })),
  },
  {
    name: 'bundle-release-name',
    validator: 'bundle',
    severity: 'error',
    run: (v) => {
      const release: unknown = v.csv?.obj.spec?.release;
      if (v.csv === undefined || release === undefined || release === '') return [];
      const pkg = v.annotations?.[ANNOTATION.package] ?? '';
      const want = `${pkg}-v${String(v.csv.obj.spec?.version)}-${String(release)}`;
      return nameOf(v.csv.obj) === want
        ? []
        : [{ object: csvObject(v), message: `with spec.release set the CSV must be named "${want}"` }];
    },
  },
  {
    name: 'bundle-related-image',
    validator: 'bundle',
    severity: 'error',
    run: (v) =>
      asObjArray(v.csv?.obj.spec?.relatedImages).flatMap((r, i) => {
        const image = String(r.image ?? '');
        const out: RawFinding[] = [];
        if (!isImageReference(image))
          out.push({
            object: csvObject(v),
            message: `spec.relatedImages[${i}].image "${image}" is not a valid image reference`,
          });
        // Not upstream: OLM's schema requires a name; operator-sdk could write an empty one.
        if (String(r.name ?? '') === '')
          out.push({ object: csvObject(v), message: `spec.relatedImages[${i}] has no name` });
        return out;
      }),
  },
];
