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

/** MarkerArgs builds a marker's arguments and, side by side, the values the parser must read back from them. */
class MarkerArgs {
  readonly args: Arg[] = [];
  readonly want: Record<string, unknown> = {};

  /** MarkerArgs.add adds `name=text`, which the parser reads as value; an undefined value adds nothing. */
  add<T>(name: string, value: T | undefined, text: (v: T) => string): this {
    if (value === undefined) return this;
    this.args.push([name, text(value)]);
    this.want[name] = value;
    return this;
  }

  /** MarkerArgs.line renders the marker, or nothing (and a note) when it does not read back as built. */
  line(name: string, notes: PlanNote[], what: string): string[] {
    return checked(markerLine(name, this.args.length === 0 ? undefined : this.args), this.want, notes, what);
  }
}

const asIs = (v: string): string => v;

/** resourceMarker is `+kubebuilder:resource`: the plural, the singular and short names, categories and scope. */
function resourceMarker(crd: ImportedCrd, notes: PlanNote[]): string[] {
  return new MarkerArgs()
    .add('path', crd.plural, asIs)
    .add(
      'singular',
      crd.singular !== undefined && crd.singular !== crd.kind.toLowerCase() ? crd.singular : undefined,
      asIs,
    )
    .add('shortName', crd.shortNames, list)
    .add('categories', crd.categories, list)
    .add('scope', crd.namespaced ? 'Namespaced' : 'Cluster', asIs)
    .line('kubebuilder:resource', notes, 'spec.names');
}

/** subresourceMarkers are the status and scale subresources of a version. */
function subresourceMarkers(version: CrdVersion, notes: PlanNote[]): string[] {
  const lines = version.statusSubresource ? [markerLine('kubebuilder:subresource:status')] : [];
  const scale = version.scale;
  if (scale === undefined) return lines;
  return [
    ...lines,
    ...new MarkerArgs()
      .add('specpath', scale.specReplicasPath, quoted)
      .add('statuspath', scale.statusReplicasPath, quoted)
      .add('selectorpath', scale.labelSelectorPath, quoted)
      .line('kubebuilder:subresource:scale', notes, 'the scale subresource'),
  ];
}

/** printColumnMarkers are the printer columns of a version; a column type no marker takes is noted. */
function printColumnMarkers(version: CrdVersion, notes: PlanNote[]): string[] {
  return version.printerColumns.flatMap((c) => {
    if (!COLUMN_TYPES.has(c.type)) {
      notes.push({
        path: '(crd)',
        message: `printer column ${c.name} has type ${c.type}, which no printcolumn marker takes; not imported`,
      });
      return [];
    }
    return new MarkerArgs()
      .add('name', c.name, quoted)
      .add('type', c.type, asIs)
      .add('JSONPath', c.jsonPath, quoted)
      .add('description', c.description, quoted)
      .add('format', c.format, quoted)
      .add('priority', c.priority, String)
      .line('kubebuilder:printcolumn', notes, `printer column ${c.name}`);
  });
}

/** versionMarkers say how a version is served: storage, unserved, deprecated, and its selectable fields. */
function versionMarkers(crd: ImportedCrd, version: CrdVersion, notes: PlanNote[]): string[] {
  const lines: string[] = [];
  if (version.storage && crd.versions.length > 1) lines.push(markerLine('kubebuilder:storageversion'));
  if (!version.served) lines.push(markerLine('kubebuilder:unservedversion'));
  if (version.deprecated)
    lines.push(
      ...new MarkerArgs()
        .add('warning', version.deprecationWarning, quoted)
        .line('kubebuilder:deprecatedversion', notes, 'the deprecation warning'),
    );
  for (const f of version.selectableFields)
    lines.push(
      ...new MarkerArgs()
        .add('JSONPath', f, quoted)
        .line('kubebuilder:selectablefield', notes, `selectable field ${f}`),
    );
  return lines;
}

/** metadataMarker is `+kubebuilder:metadata` with the CRD's own labels and annotations (not the generators'). */
function metadataMarker(crd: ImportedCrd, notes: PlanNote[]): string[] {
  const annotations = Object.entries(crd.annotations)
    .filter(([k]) => !TOOL_ANNOTATIONS.has(k))
    .map(([k, v]) => `${k}=${v}`);
  const labels = Object.entries(crd.labels).map(([k, v]) => `${k}=${v}`);
  if (annotations.length === 0 && labels.length === 0) return [];
  return new MarkerArgs()
    .add('annotations', annotations.length > 0 ? annotations : undefined, list)
    .add('labels', labels.length > 0 ? labels : undefined, list)
    .line('kubebuilder:metadata', notes, 'the CRD labels and annotations');
}

/**
 * kindMarkers are the markers on a version's root type that rebuild the CRD around its schema: names and
 * scope, subresources, printer columns, storage/served/deprecated flags, selectable fields and the CRD's
 * own labels and annotations. What no marker can say (conversion, an unusual listKind) is noted.
 */
export function kindMarkers(crd: ImportedCrd, version: CrdVersion, notes: PlanNote[]): string[] {
  const lines = [
    markerLine('kubebuilder:object:root', 'true'),
    ...resourceMarker(crd, notes),
    ...subresourceMarkers(version, notes),
    ...printColumnMarkers(version, notes),
    ...versionMarkers(crd, version, notes),
    ...metadataMarker(crd, notes),
  ];
  if (crd.listKind !== undefined && crd.listKind !== `${crd.kind}List`)
    notes.push({
      path: '(crd)',
      message: `listKind ${crd.listKind} is not ${crd.kind}List, which generate always writes`,
    });
  if (crd.conversionStrategy !== undefined)
    notes.push({
      path: '(crd)',
      message: `spec.conversion (${crd.conversionStrategy}) belongs to the owner of the CRD and is not imported`,
    });
  return lines;
}
