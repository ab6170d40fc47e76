import { compareStrings, type Obj } from '../model/objects.js';

/**
 * CsvDescriptor is one spec or status descriptor, as produced from a field-level
 * `+operator-sdk:csv:customresourcedefinitions:type=spec|status,displayName=...,xDescriptors={...},order=N`
 * marker: `path` is the dotted chain of JSON names below `spec`/`status` (arrays add `[0]` except as the
 * last segment), `description` the field's doc comment.
 */
export interface CsvDescriptor {
  path: string;
  displayName?: string;
  description?: string;
  xDescriptors?: string[];
  /** Sort key; descriptors without one come last. */
  order?: number;
}

/** CsvResourceRef is one `resources[]` entry of an owned CRD description (`{Kind,version,name}` in the marker). */
export interface CsvResourceRef {
  kind: string;
  version: string;
  name?: string;
}

/**
 * CrdDescriptorInput is what the shared marker parser produces for one API type carrying a type-level
 * `+operator-sdk:csv:customresourcedefinitions:` marker (plus its field-level descriptor markers). The CSV
 * builder merges it into the owned CRD entry with the same group/version/kind.
 */
export interface CrdDescriptorInput {
  group: string;
  version: string;
  kind: string;
  /** From `displayName="..."`; the lead's parser defaults it to the Kind title-cased. */
  displayName?: string;
  /** The type's doc comment. */
  description?: string;
  resources?: CsvResourceRef[];
  order?: number;
  specDescriptors?: CsvDescriptor[];
  statusDescriptors?: CsvDescriptor[];
}

/**
 * mergeDescriptorInput applies marker information to an owned CRD entry (from the base or fresh): fields
 * the markers set replace the base's, descriptors are merged by `path` (a marker replaces the base
 * descriptor with the same path, base-only descriptors keep their position as their order), and lists are
 * sorted like operator-sdk: by order (missing last), then path.
 */
export function mergeDescriptorInput(entry: Obj, input: CrdDescriptorInput): Obj {
  const out: Obj = { ...entry };
  if (input.displayName !== undefined && input.displayName !== '') out.displayName = input.displayName;
  if (input.description !== undefined && input.description !== '') out.description = input.description;
  if (input.resources !== undefined && input.resources.length > 0) {
    out.resources = [...input.resources]
      .sort(
        (a, b) =>
          compareStrings(a.name ?? '', b.name ?? '') ||
          compareStrings(a.kind, b.kind) ||
          compareStrings(b.version, a.version),
      )
      .map((r) => ({ kind: r.kind, name: r.name ?? '', version: r.version }));
  }
  for (const key of ['specDescriptors', 'statusDescriptors'] as const) {
    const merged = mergeDescriptorList(Array.isArray(entry[key]) ? (entry[key] as Obj[]) : [], input[key] ?? []);
    if (merged.length > 0) out[key] = merged;
  }
  return out;
}

function mergeDescriptorList(base: Obj[], fromMarkers: readonly CsvDescriptor[]): Obj[] {
  const byPath = new Map<string, { order: number; value: Obj }>();
  base.forEach((d, index) => byPath.set(String(d.path), { order: index, value: d }));
  for (const d of fromMarkers) {
    const value: Obj = { path: d.path };
    value.displayName = d.displayName ?? byPath.get(d.path)?.value.displayName ?? d.path;
    if (d.description !== undefined && d.description !== '') value.description = d.description;
    const xs = d.xDescriptors ?? [];
    if (xs.length > 0) value['x-descriptors'] = [...xs];
    byPath.set(d.path, { order: d.order ?? Number.MAX_SAFE_INTEGER, value });
  }
  return [...byPath.values()]
    .sort((a, b) => a.order - b.order || compareStrings(String(a.value.path), String(b.value.path)))
    .map((e) => e.value);
}
