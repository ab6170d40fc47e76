import type { CrdVersion, ImportedCrd } from './crd-model.js';
import { type Arg, markerLine, quoted, verifiedMarker } from './marker-text.js';
import type { PlanNote } from './type-plan.js';

const COLUMN_TYPES = new Set(['integer', 'number', 'string', 'boolean', 'date']);
/** Annotations every generator writes for itself; they say who generated the original, not what it is. */
const TOOL_ANNOTATIONS = new Set(['controller-gen.kubebuilder.io/version', 'operator-ts.dev/version']);

function list(values: readonly string[]): string {
  return values.map(quoted).join(';');
}

function checked(line: string, expected: unknown, notes: PlanNote[], what: string): string[] {
  const ok = verifiedMarker(line, expected);
  if (ok === undefined) {
    notes.push({ path: '(crd)', message: `${what} cannot be written as a marker and is not imported` });
    return [];
  }
  return [ok];
}

/**
 * kindMarkers are the markers on a version's root type that rebuild the CRD around its schema: names and
 * scope, subresources, printer columns, storage/served/deprecated flags, selectable fields and the CRD's
 * own labels and annotations. What no marker can say (conversion, an unusual listKind) is noted.
 */
export function kindMarkers(crd: ImportedCrd, version: CrdVersion, notes: PlanNote[]): string[] {
  const lines: string[] = [markerLine('kubebuilder:object:root', 'true')];
  const resource: Arg[] = [['path', crd.plural]];
  const expected: Record<string, unknown> = { path: crd.plural };
  if (crd.singular !== undefined && crd.singular !== crd.kind.toLowerCase()) {
    resource.push(['singular', crd.singular]);
    expected.singular = crd.singular;
  }
  if (crd.shortNames !== undefined) {
    resource.push(['shortName', list(crd.shortNames)]);
    expected.shortName = crd.shortNames;
  }
  if (crd.categories !== undefined) {
    resource.push(['categories', list(crd.categories)]);
    expected.categories = crd.categories;
  }
  resource.push(['scope', crd.namespaced ? 'Namespaced' : 'Cluster']);
  expected.scope = crd.namespaced ? 'Namespaced' : 'Cluster';
  lines.push(...checked(markerLine('kubebuilder:resource', resource), expected, notes, 'spec.names'));
  if (version.statusSubresource) lines.push(markerLine('kubebuilder:subresource:status'));
  if (version.scale !== undefined) {
    const args: Arg[] = [['specpath', quoted(version.scale.specReplicasPath)], ['statuspath', quoted(version.scale.statusReplicasPath)]];
    const want: Record<string, unknown> = { specpath: version.scale.specReplicasPath, statuspath: version.scale.statusReplicasPath };
    if (version.scale.labelSelectorPath !== undefined) {
      args.push(['selectorpath', quoted(version.scale.labelSelectorPath)]);
      want.selectorpath = version.scale.labelSelectorPath;
    }
    lines.push(...checked(markerLine('kubebuilder:subresource:scale', args), want, notes, 'the scale subresource'));
  }
  for (const c of version.printerColumns) {
    if (!COLUMN_TYPES.has(c.type)) {
      notes.push({ path: '(crd)', message: `printer column ${c.name} has type ${c.type}, which no printcolumn marker takes; not imported` });
      continue;
    }
    const args: Arg[] = [['name', quoted(c.name)], ['type', c.type], ['JSONPath', quoted(c.jsonPath)]];
    const want: Record<string, unknown> = { name: c.name, type: c.type, JSONPath: c.jsonPath };
    if (c.description !== undefined) {
      args.push(['description', quoted(c.description)]);
      want.description = c.description;
    }
    if (c.format !== undefined) {
      args.push(['format', quoted(c.format)]);
      want.format = c.format;
    }
    if (c.priority !== undefined) {
      args.push(['priority', String(c.priority)]);
      want.priority = c.priority;
    }
    lines.push(...checked(markerLine('kubebuilder:printcolumn', args), want, notes, `printer column ${c.name}`));
  }
  if (version.storage && crd.versions.length > 1) lines.push(markerLine('kubebuilder:storageversion'));
  if (!version.served) lines.push(markerLine('kubebuilder:unservedversion'));
  if (version.deprecated) {
    const w = version.deprecationWarning;
    lines.push(...checked(w === undefined ? markerLine('kubebuilder:deprecatedversion') : markerLine('kubebuilder:deprecatedversion', [['warning', quoted(w)]]), w === undefined ? {} : { warning: w }, notes, 'the deprecation warning'));
  }
  for (const f of version.selectableFields) lines.push(...checked(markerLine('kubebuilder:selectablefield', [['JSONPath', quoted(f)]]), { JSONPath: f }, notes, `selectable field ${f}`));
  const annotations = Object.entries(crd.annotations).filter(([k]) => !TOOL_ANNOTATIONS.has(k)).map(([k, v]) => `${k}=${v}`);
  const labels = Object.entries(crd.labels).map(([k, v]) => `${k}=${v}`);
  if (annotations.length > 0 || labels.length > 0) {
    const args: Arg[] = [];
    const want: Record<string, unknown> = {};
    if (annotations.length > 0) {
      args.push(['annotations', list(annotations)]);
      want.annotations = annotations;
    }
    if (labels.length > 0) {
      args.push(['labels', list(labels)]);
      want.labels = labels;
    }
    lines.push(...checked(markerLine('kubebuilder:metadata', args), want, notes, 'the CRD labels and annotations'));
  }
  if (crd.listKind !== undefined && crd.listKind !== `${crd.kind}List`) notes.push({ path: '(crd)', message: `listKind ${crd.listKind} is not ${crd.kind}List, which generate always writes` });
  if (crd.conversionStrategy !== undefined) notes.push({ path: '(crd)', message: `spec.conversion (${crd.conversionStrategy}) belongs to the owner of the CRD and is not imported` });
  return lines;
}
