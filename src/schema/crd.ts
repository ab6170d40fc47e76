import { crdPluralOf } from '../model/plural.js';
import type { LocatedMarker } from '../markers/collect.js';
import type { Diagnostic, SourceLocation } from '../errors/diagnostic.js';
import { toYaml } from '../yaml/yaml.js';
import { limitedDescriptions } from './description.js';
import type { JSONSchemaProps } from './json-schema.js';
import type { NamedDecl } from './model.js';

/** KindVersion is one root kind found in one API version folder, with its emitted schema. */
export interface KindVersion {
  decl: NamedDecl;
  group: string;
  version: string;
  schema: JSONSchemaProps;
}

/** CrdOptions controls CRD assembly. */
export interface CrdOptions {
  /** Package version for the `operator-ts.dev/version` annotation. */
  toolVersion: string;
  /** Truncate descriptions to this length; 0 drops them; undefined keeps them whole. */
  maxDescLen?: number;
}

/** BuiltCrd is one CustomResourceDefinition ready to write. */
export interface BuiltCrd {
  fileName: string;
  object: Record<string, unknown>;
  text: string;
  /** Names used by other outputs (`zz_generated.resources.ts`). */
  plural: string;
  namespaced: boolean;
  group: string;
  kind: string;
}

/** CRD_SIZE_LIMIT is the size above which `kubectl apply` fails on the last-applied annotation. */
export const CRD_SIZE_LIMIT = 256 * 1024;

function markersNamed(decl: NamedDecl, name: string): LocatedMarker[] {
  return decl.markers.filter((m) => m.def.name === name);
}

function one(decl: NamedDecl, name: string): Record<string, unknown> | undefined {
  return markersNamed(decl, name)[0]?.value as Record<string, unknown> | undefined;
}

/** namesOf computes a kind's plural, singular and scope from its `+kubebuilder:resource` marker. */
export function namesOf(decl: NamedDecl): {
  plural: string;
  singular: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
} {
  const r = one(decl, 'kubebuilder:resource') ?? {};
  const lower = decl.name.toLowerCase();
  const out: { plural: string; singular: string; namespaced: boolean; shortNames?: string[]; categories?: string[] } = {
    plural: (r.path as string | undefined) ?? crdPluralOf(decl.name),
    singular: (r.singular as string | undefined) ?? lower,
    namespaced: r.scope !== 'Cluster',
  };
  if (r.shortName !== undefined) out.shortNames = r.shortName as string[];
  if (r.categories !== undefined) out.categories = r.categories as string[];
  return out;
}

function keyValues(
  list: readonly string[],
  m: LocatedMarker,
  what: string,
  report: (at: SourceLocation, msg: string, hint: string) => void,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) {
      report(
        m.loc,
        `${what} entry ${JSON.stringify(item)} is not key=value`,
        `write ${what}="key=value";"key2=value2"`,
      );
      continue;
    }
    out[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return out;
}

function versionEntry(kv: KindVersion, storage: boolean): Record<string, unknown> {
  const d = kv.decl;
  const v: Record<string, unknown> = {
    name: kv.version,
    schema: { openAPIV3Schema: kv.schema },
    served: markersNamed(d, 'kubebuilder:unservedversion').length === 0,
    storage,
  };
  const cols = markersNamed(d, 'kubebuilder:printcolumn').map((m) => {
    const a = m.value as Record<string, unknown>;
    const col: Record<string, unknown> = { jsonPath: a.JSONPath, name: a.name, type: a.type };
    for (const k of ['description', 'format', 'priority']) if (a[k] !== undefined) col[k] = a[k];
    return col;
  });
  if (cols.length > 0) v.additionalPrinterColumns = cols;
  const sub: Record<string, unknown> = {};
  if (markersNamed(d, 'kubebuilder:subresource:status').length > 0) sub.status = {};
  const scale = one(d, 'kubebuilder:subresource:scale');
  if (scale !== undefined) {
    const s: Record<string, unknown> = { specReplicasPath: scale.specpath, statusReplicasPath: scale.statuspath };
    if (scale.selectorpath !== undefined) s.labelSelectorPath = scale.selectorpath;
    sub.scale = s;
  }
  if (Object.keys(sub).length > 0) v.subresources = sub;
  const dep = markersNamed(d, 'kubebuilder:deprecatedversion')[0];
  if (dep !== undefined) {
    v.deprecated = true;
    const w = (dep.value as { warning?: string }).warning;
    if (w !== undefined) v.deprecationWarning = w;
  }
  const sel = markersNamed(d, 'kubebuilder:selectablefield').map((m) => ({
    jsonPath: (m.value as { JSONPath: string }).JSONPath,
  }));
  if (sel.length > 0) v.selectableFields = sel;
  return v;
}

/** Report records an error at a place in the API types, with its fix. */
type Report = (at: SourceLocation, message: string, hint: string) => void;

/** CrdVersions are the served versions of one kind in CRD order, with the one stored in etcd. */
interface CrdVersions {
  readonly versions: KindVersion[];
  readonly storage: KindVersion;
  readonly entries: Record<string, unknown>[];
}

/**
 * crdVersions picks the versions of one kind that go into its CRD (one declaration per version, none with
 * +kubebuilder:skipversion) and the storage version; undefined, with the reason reported, when there is
 * no valid choice.
 */
function crdVersions(all: readonly KindVersion[], report: Report): CrdVersions | undefined {
  const dupes = new Map<string, KindVersion>();
  for (const k of all) {
    const prev = dupes.get(k.version);
    if (prev !== undefined)
      report(
        k.decl.loc,
        `kind ${k.decl.name} is declared twice in version ${k.version} (also at ${prev.decl.loc.file}:${prev.decl.loc.line})`,
        'keep one declaration per version folder',
      );
    dupes.set(k.version, k);
  }
  const versions = [...dupes.values()]
    .filter((k) => markersNamed(k.decl, 'kubebuilder:skipversion').length === 0)
    .sort((a, b) => (a.version < b.version ? -1 : 1));
  const first = all[0] as KindVersion;
  if (versions.length === 0) {
    report(
      first.decl.loc,
      `every version of ${first.decl.name} has +kubebuilder:skipversion`,
      'remove +kubebuilder:skipversion from at least one version',
    );
    return undefined;
  }
  const storageMarked = versions.filter((k) => markersNamed(k.decl, 'kubebuilder:storageversion').length > 0);
  if (storageMarked.length > 1) {
    for (const k of storageMarked) {
      const m = markersNamed(k.decl, 'kubebuilder:storageversion')[0] as LocatedMarker;
      report(
        m.loc,
        `${k.decl.name} has more than one storage version (${storageMarked.map((s) => s.version).join(', ')})`,
        'keep +kubebuilder:storageversion on exactly one version',
      );
    }
    return undefined;
  }
  if (storageMarked.length === 0 && versions.length > 1) {
    report(
      first.decl.loc,
      `${first.decl.name} has ${versions.length} versions (${versions.map((v) => v.version).join(', ')}) but no storage version`,
      'add +kubebuilder:storageversion to the version stored in etcd',
    );
    return undefined;
  }
  const storage = (storageMarked[0] ?? versions[0]) as KindVersion;
  const entries = versions.map((k) => versionEntry(k, k === storage));
  if (!entries.some((e) => e.served === true)) {
    report(
      first.decl.loc,
      `no version of ${first.decl.name} is served`,
      'remove +kubebuilder:unservedversion from at least one version',
    );
    return undefined;
  }
  return { versions, storage, entries };
}

/** crdMetadata is the CRD object's metadata: its name, the tool annotation and every version's +kubebuilder:metadata. */
function crdMetadata(
  versions: readonly KindVersion[],
  name: string,
  options: CrdOptions,
  report: Report,
): Record<string, unknown> {
  const annotations: Record<string, string> = { 'operator-ts.dev/version': options.toolVersion };
  const labels: Record<string, string> = {};
  for (const k of versions) {
    for (const m of markersNamed(k.decl, 'kubebuilder:metadata')) {
      const v = m.value as { annotations?: string[]; labels?: string[] };
      Object.assign(annotations, keyValues(v.annotations ?? [], m, 'annotations', report));
      Object.assign(labels, keyValues(v.labels ?? [], m, 'labels', report));
    }
  }
  const metadata: Record<string, unknown> = { annotations, name };
  if (Object.keys(labels).length > 0) metadata.labels = labels;
  return metadata;
}

/** buildCrd assembles the CRD of one group and kind from the version folders that declare it. */
function buildCrd(
  all: readonly KindVersion[],
  options: CrdOptions,
  report: Report,
  warnings: string[],
): BuiltCrd | undefined {
  const chosen = crdVersions(all, report);
  if (chosen === undefined) return undefined;
  const { versions, storage, entries } = chosen;
  const first = all[0] as KindVersion;
  const namer = versions.find((k) => markersNamed(k.decl, 'kubebuilder:resource').length > 0) ?? storage;
  const names = namesOf(namer.decl);
  const metadata = crdMetadata(versions, `${names.plural}.${first.group}`, options, report);
  const crdNames: Record<string, unknown> = {
    kind: first.decl.name,
    listKind: `${first.decl.name}List`,
    plural: names.plural,
    singular: names.singular,
  };
  if (names.shortNames !== undefined) crdNames.shortNames = names.shortNames;
  if (names.categories !== undefined) crdNames.categories = names.categories;
  const object = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata,
    spec: {
      group: first.group,
      names: crdNames,
      scope: names.namespaced ? 'Namespaced' : 'Cluster',
      versions: entries,
    },
  };
  if (options.maxDescLen !== undefined)
    object.spec.versions = limitedDescriptions(object.spec.versions, options.maxDescLen);
  const text = `---\n${toYaml(object, { sortKeys: true })}`;
  const fileName = `${first.group}_${names.plural}.yaml`;
  if (Buffer.byteLength(text) > CRD_SIZE_LIMIT) {
    warnings.push(
      `${fileName} is ${Math.round(Buffer.byteLength(text) / 1024)} KiB, more than the 256 KiB kubectl apply can store in its last-applied annotation; shorten descriptions with --max-desc-len (e.g. --max-desc-len 0) or apply with --server-side`,
    );
  }
  return {
    fileName,
    object,
    text,
    plural: names.plural,
    namespaced: names.namespaced,
    group: first.group,
    kind: first.decl.name,
  };
}

/**
 * buildCrds assembles one CustomResourceDefinition per group and kind from every version folder that
 * declares it, checking storage/served versions, and renders controller-gen-style YAML.
 */
export function buildCrds(
  kinds: readonly KindVersion[],
  options: CrdOptions,
  diagnostics: Diagnostic[],
  warnings: string[],
): BuiltCrd[] {
  const report: Report = (at, message, hint) => void diagnostics.push({ ...at, severity: 'error', message, hint });
  const byKind = new Map<string, KindVersion[]>();
  for (const k of kinds) {
    const key = `${k.group}/${k.decl.name}`;
    byKind.set(key, [...(byKind.get(key) ?? []), k]);
  }
  const out: BuiltCrd[] = [];
  for (const [, all] of [...byKind.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const crd = buildCrd(all, options, report, warnings);
    if (crd !== undefined) out.push(crd);
  }
  return out;
}
