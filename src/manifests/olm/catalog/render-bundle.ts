import { UserError } from '../../../errors/user-error.js';
import { ANNOTATION } from '../model/annotations.js';
import { asObjArray, compareStrings, isObj, nameOf, stableStringify, type Obj } from '../model/objects.js';
import { loadBundleView } from '../validate/bundle-view.js';
import { parseBlobs, type ChannelEntry } from './fbc.js';

/** RenderedBundle is a bundle turned into FBC: its olm.bundle blob and the edges for its channel entry. */
export interface RenderedBundle {
  packageName: string;
  version: string;
  bundle: Obj;
  entry: ChannelEntry;
  /** Channels from the bundle's annotations.yaml. */
  channels: string[];
  defaultChannel: string | undefined;
}

const CSV_METADATA_KEYS = [
  'annotations',
  'apiServiceDefinitions',
  'crdDescriptions',
  'description',
  'displayName',
  'installModes',
  'keywords',
  'labels',
  'links',
  'maintainers',
  'maturity',
  'minKubeVersion',
  'nativeAPIs',
  'provider',
];

/**
 * renderBundle converts a bundle (files keyed relative to its root) into an `olm.bundle` blob like
 * `opm render`: properties olm.package, olm.gvk (owned APIs), olm.gvk.required / olm.package.required
 * (required CRDs and metadata/dependencies.yaml), metadata/properties.yaml pass-through and the slim
 * olm.csv.metadata, sorted by type then value; relatedImages = the bundle image, the CSV's related images
 * and container images, de-duplicated.
 */
export function renderBundle(files: ReadonlyMap<string, string>, image: string): RenderedBundle {
  const view = loadBundleView(files);
  const csv = view.csv?.obj;
  if (csv === undefined)
    throw new UserError('the bundle has no ClusterServiceVersion in manifests/', {
      hint: 'pass the directory written by operator-ts generate bundle (--bundle-dir bundle)',
    });
  const packageName = view.annotations?.[ANNOTATION.package] ?? '';
  const version = String(csv.spec?.version ?? '');
  const properties: Obj[] = [{ type: 'olm.package', value: { packageName, version } }];
  for (const e of asObjArray(csv.spec?.customresourcedefinitions?.owned)) {
    properties.push({
      type: 'olm.gvk',
      value: { group: groupOfCrdName(String(e.name)), kind: String(e.kind), version: String(e.version) },
    });
  }
  for (const e of asObjArray(csv.spec?.apiservicedefinitions?.owned)) {
    properties.push({
      type: 'olm.gvk',
      value: { group: String(e.group), kind: String(e.kind), version: String(e.version) },
    });
  }
  for (const e of asObjArray(csv.spec?.customresourcedefinitions?.required)) {
    properties.push({
      type: 'olm.gvk.required',
      value: { group: groupOfCrdName(String(e.name)), kind: String(e.kind), version: String(e.version) },
    });
  }
  for (const d of asObjArray(view.dependencies?.entries)) {
    if (d.type === 'olm.gvk') properties.push({ type: 'olm.gvk.required', value: d.value });
    else if (d.type === 'olm.package' && isObj(d.value))
      properties.push({
        type: 'olm.package.required',
        value: { packageName: d.value.packageName, versionRange: d.value.version },
      });
    else properties.push({ type: String(d.type), value: d.value });
  }
  for (const [path, text] of files) {
    if (!path.startsWith('metadata/')) continue;
    const blobs = parseBlobs(text, path);
    if (typeof blobs === 'string') continue;
    for (const b of blobs) for (const p of asObjArray(b.obj.properties)) properties.push(p);
  }
  const metadata: Obj = {};
  const spec: Obj = {
    ...csv.spec,
    annotations: csv.metadata?.annotations,
    labels: csv.metadata?.labels,
    crdDescriptions: csv.spec?.customresourcedefinitions,
    apiServiceDefinitions: csv.spec?.apiservicedefinitions,
  };
  for (const key of CSV_METADATA_KEYS) {
    const value: unknown = spec[key];
    if (value !== undefined && value !== null && !(isObj(value) && Object.keys(value).length === 0))
      metadata[key] = value;
  }
  properties.push({ type: 'olm.csv.metadata', value: metadata });
  const unique = new Map(properties.map((p) => [stableStringify(p), p]));
  const sorted = [...unique.entries()]
    .sort(([ka, a], [kb, b]) => compareStrings(String(a.type), String(b.type)) || compareStrings(ka, kb))
    .map(([, p]) => p);

  const related = new Map<string, string>();
  related.set(image, '');
  for (const r of asObjArray(csv.spec?.relatedImages))
    if (!related.has(String(r.image))) related.set(String(r.image), String(r.name ?? ''));
  for (const d of asObjArray(csv.spec?.install?.spec?.deployments)) {
    for (const c of [
      ...asObjArray(d.spec?.template?.spec?.initContainers),
      ...asObjArray(d.spec?.template?.spec?.containers),
    ]) {
      if (typeof c.image === 'string' && !related.has(c.image)) related.set(c.image, String(c.name ?? ''));
    }
  }
  const relatedImages = [...related.entries()]
    .map(([img, name]) => ({ image: img, name }))
    .sort((a, b) => compareStrings(a.image, b.image));

  const entry: ChannelEntry = { name: nameOf(csv) };
  if (typeof csv.spec?.replaces === 'string' && csv.spec.replaces !== '') entry.replaces = csv.spec.replaces;
  if (Array.isArray(csv.spec?.skips) && csv.spec.skips.length > 0) entry.skips = csv.spec.skips.map(String);
  const skipRange: unknown = csv.metadata?.annotations?.['olm.skipRange'];
  if (typeof skipRange === 'string' && skipRange !== '') entry.skipRange = skipRange;
  const channels = (view.annotations?.[ANNOTATION.channels] ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  return {
    packageName,
    version,
    entry,
    channels,
    defaultChannel: view.annotations?.[ANNOTATION.defaultChannel],
    bundle: { image, name: nameOf(csv), package: packageName, properties: sorted, relatedImages, schema: 'olm.bundle' },
  };
}

function groupOfCrdName(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1);
}
