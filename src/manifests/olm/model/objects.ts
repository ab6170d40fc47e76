/**
 * Obj is a parsed Kubernetes manifest. Manifests arrive as untyped YAML from kustomize or from disk and
 * OLM objects (CSV, FBC blobs) have deep, loosely specified shapes, so they are handled as plain JSON
 * values and every read is guarded where the input can be malformed.
 */

export type Obj = Record<string, any>;

/** GroupVersionKind identifies a Kubernetes type; group is '' for the core group. */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** isObj tells whether value is a non-array object. */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** gvkOf splits an object's apiVersion into group and version and adds its kind. */
export function gvkOf(obj: Obj): GroupVersionKind {
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const slash = apiVersion.lastIndexOf('/');
  return {
    group: slash < 0 ? '' : apiVersion.slice(0, slash),
    version: slash < 0 ? apiVersion : apiVersion.slice(slash + 1),
    kind: typeof obj.kind === 'string' ? obj.kind : '',
  };
}

/** nameOf returns metadata.name, or '' when absent. */
export function nameOf(obj: Obj): string {
  const name: unknown = obj.metadata?.name;
  return typeof name === 'string' ? name : '';
}

/** describeObject names an object for messages: `Kind/name`. */
export function describeObject(obj: Obj): string {
  const kind = typeof obj.kind === 'string' && obj.kind !== '' ? obj.kind : '<no kind>';
  return `${kind}/${nameOf(obj) || '<no name>'}`;
}

/** clone deep-copies a JSON value, so builders never mutate their inputs. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** stableStringify serialises JSON with sorted keys, for de-duplication and equality. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortDeep(value));
}

/** sortDeep returns a copy of value whose object keys are sorted at every level. */
export function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (isObj(value)) {
    const out: Obj = {};
    for (const key of Object.keys(value).sort()) out[key] = sortDeep(value[key]);
    return out;
  }
  return value;
}

/** asArray returns value when it is an array and [] otherwise. */
export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** asObjArray returns the object elements of value when it is an array. */
export function asObjArray(value: unknown): Obj[] {
  return asArray(value).filter(isObj);
}

/** compareStrings orders strings by code unit, independent of locale, for deterministic output. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
