import { resolve } from 'node:path';
import { findInputFiles } from '../../../compiler/input-files.js';
import { loadSourceFiles } from '../../../compiler/load-sources.js';
import { sortDiagnostics, type Diagnostic } from '../../../errors/diagnostic.js';
import type { LocatedMarker } from '../../../markers/collect.js';
import type { MarkerRegistry } from '../../../markers/registry.js';
import { descriptionFromDoc } from '../../../schema/description.js';
import { discoverKinds, readSourceMarkers } from '../../../schema/discover-kinds.js';
import type { IrProperty, IrType, NamedDecl } from '../../../schema/model.js';
import { TypeWalker } from '../../../schema/walker.js';
import { CSV_MARKER } from './csv-marker.js';
import type { CrdDescriptorInput, CsvDescriptor, CsvResourceRef } from './descriptors.js';

/** MarkerDescriptors is what {@link collectCsvDescriptors} found, and what is wrong with the markers. */
export interface MarkerDescriptors {
  descriptors: CrdDescriptorInput[];
  diagnostics: Diagnostic[];
}

type Args = { type?: string; displayName?: string; xDescriptors?: string[]; resources?: unknown[]; order?: number };

function argsOf(m: LocatedMarker): Args {
  return m.value ?? {};
}

function csvMarkers(markers: readonly LocatedMarker[]): LocatedMarker[] {
  return markers.filter((m) => m.def === CSV_MARKER);
}

/** titleCase turns `replicaCount` / `ReplicaSet` into `Replica Count` / `Replica Set`, operator-sdk's default display name. */
export function titleCase(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
  return spaced.length === 0 ? spaced : spaced[0]!.toUpperCase() + spaced.slice(1);
}

function resourceRefs(m: LocatedMarker, diagnostics: Diagnostic[]): CsvResourceRef[] {
  const out: CsvResourceRef[] = [];
  for (const item of argsOf(m).resources ?? []) {
    const parts = Array.isArray(item) ? item.map(String) : [];
    const [kind, version, name] = parts;
    if (
      parts.length < 2 ||
      parts.length > 3 ||
      kind === undefined ||
      version === undefined ||
      kind === '' ||
      version === ''
    ) {
      diagnostics.push({
        ...m.loc,
        severity: 'error',
        message: `resources entry ${JSON.stringify(item)} in ${m.text} is not {Kind,version,name}`,
        hint: 'write resources={{Deployment,v1,""},{Service,v1,""}} (the name may be empty)',
      });
      continue;
    }
    out.push({ kind, version, ...(name !== undefined && name !== '' ? { name } : {}) });
  }
  return out;
}

interface Walk {
  spec: CsvDescriptor[];
  status: CsvDescriptor[];
  diagnostics: Diagnostic[];
  active: Set<NamedDecl>;
}

function propertiesOf(type: IrType): IrProperty[] | undefined {
  switch (type.kind) {
    case 'named':
      return propertiesOf(type.decl.type);
    case 'nullable':
      return propertiesOf(type.inner);
    case 'object':
      return type.properties;
    default:
      return undefined;
  }
}

/** elementOf unwraps named, nullable and array layers; `array` says whether the path needs `[0]` to go below. */
function elementOf(type: IrType): { type: IrType; array: boolean } {
  if (type.kind === 'nullable') return elementOf(type.inner);
  if (type.kind === 'array') return { type: type.items, array: true };
  if (type.kind === 'named' && type.decl.type.kind === 'array') return { type: type.decl.type.items, array: true };
  return { type, array: false };
}

function namedOf(type: IrType): NamedDecl | undefined {
  if (type.kind === 'named') return type.decl;
  if (type.kind === 'nullable') return namedOf(type.inner);
  return undefined;
}

function walkFields(props: readonly IrProperty[], prefix: string, w: Walk): void {
  for (const p of props) {
    const path = prefix === '' ? p.name : `${prefix}.${p.name}`;
    const markers = csvMarkers(p.markers);
    let merged: { section: 'spec' | 'status'; d: CsvDescriptor } | undefined;
    for (const m of markers) {
      const a = argsOf(m);
      if (a.type !== 'spec' && a.type !== 'status') {
        w.diagnostics.push({
          ...m.loc,
          severity: 'error',
          message: `${m.text} on field ${p.name} needs type=spec or type=status`,
          hint: 'add type=spec (or type=status) so the field becomes a CSV descriptor',
        });
        continue;
      }
      if (resourceRefsGiven(a)) {
        w.diagnostics.push({
          ...m.loc,
          severity: 'error',
          message: `${m.text}: resources= applies to a kind, not a field`,
          hint: 'move resources=... to the marker above the kind',
        });
      }
      if (merged === undefined) {
        merged = {
          section: a.type,
          d: {
            path,
            displayName: a.displayName ?? titleCase(p.name),
            ...(descriptionFromDoc(p.doc) !== '' ? { description: descriptionFromDoc(p.doc) } : {}),
            ...(a.order !== undefined ? { order: a.order } : {}),
          },
        };
      } else if (merged.d.order === undefined && a.order !== undefined) merged.d.order = a.order;
      // Several markers on one field add up their x-descriptors; the first display name wins (operator-sdk).
      if (a.xDescriptors !== undefined && a.xDescriptors.length > 0)
        merged.d.xDescriptors = [...(merged.d.xDescriptors ?? []), ...a.xDescriptors];
    }
    if (merged !== undefined) w[merged.section].push(merged.d);
    const el = elementOf(p.type);
    const children = propertiesOf(el.type);
    const decl = namedOf(el.type);
    if (children === undefined || (decl !== undefined && (decl.external || w.active.has(decl)))) continue;
    if (decl !== undefined) w.active.add(decl);
    walkFields(children, el.array ? `${path}[0]` : path, w);
    if (decl !== undefined) w.active.delete(decl);
  }
}

function resourceRefsGiven(a: Args): boolean {
  return a.resources !== undefined && a.resources.length > 0;
}

function kindInput(
  decl: NamedDecl,
  group: string,
  version: string,
  diagnostics: Diagnostic[],
): CrdDescriptorInput | undefined {
  const typeMarkers = csvMarkers(decl.markers);
  const w: Walk = { spec: [], status: [], diagnostics, active: new Set([decl]) };
  for (const section of ['spec', 'status'] as const) {
    const prop = (propertiesOf(decl.type) ?? []).find((p) => p.name === section);
    const el = prop === undefined ? undefined : elementOf(prop.type);
    const children = el === undefined ? undefined : propertiesOf(el.type);
    if (children !== undefined) walkFields(children, '', w);
  }
  if (typeMarkers.length === 0 && w.spec.length === 0 && w.status.length === 0) return undefined;
  const input: CrdDescriptorInput = { group, version, kind: decl.name, displayName: titleCase(decl.name) };
  const description = descriptionFromDoc(decl.doc);
  if (description !== '') input.description = description;
  for (const m of typeMarkers) {
    const a = argsOf(m);
    if (a.type !== undefined)
      diagnostics.push({
        ...m.loc,
        severity: 'error',
        message: `${m.text}: type= applies to fields, not to the kind ${decl.name}`,
        hint: 'drop type= here, or move the marker to a field below spec or status',
      });
    if (a.displayName !== undefined) input.displayName = a.displayName;
    if (a.order !== undefined) input.order = a.order;
    const refs = resourceRefs(m, diagnostics);
    if (refs.length > 0) input.resources = [...(input.resources ?? []), ...refs];
  }
  if (w.spec.length > 0) input.specDescriptors = w.spec;
  if (w.status.length > 0) input.statusDescriptors = w.status;
  return input;
}

/**
 * collectCsvDescriptors reads the `+operator-sdk:csv:customresourcedefinitions` markers of the API types
 * under root (default `src/api/**\/*.ts`) of the kinds `operator-ts generate` finds ({@link discoverKinds}:
 * the same marker grammar, type walker and folder rules). Unlike operator-sdk,
 * field types defined in other files or folders are followed (issues #6624, #6616). Only kinds carrying
 * at least one such marker produce an entry; the base CSV stays the source of everything else. The
 * registry is the one `generate` reads the same files with (it holds {@link CSV_MARKER}), so a marker of
 * another generator is read, not taken for a typo.
 */
export function collectCsvDescriptors(
  registry: MarkerRegistry,
  root: string,
  paths: readonly string[] = ['src/api/**/*.ts'],
): MarkerDescriptors {
  const inputs = findInputFiles(root, paths);
  const diagnostics: Diagnostic[] = [];
  const descriptors: CrdDescriptorInput[] = [];
  if (inputs.length === 0) return { descriptors, diagnostics };
  const { files } = loadSourceFiles(inputs);
  const walker = new TypeWalker(registry);
  const source = readSourceMarkers(files, walker);
  // Other problems of the types and folders are generate's to report, which runs first (make manifests).
  diagnostics.push(...source.diagnostics.filter((d) => d.message.includes('+operator-sdk:')));
  for (const { group, version, decl } of discoverKinds(source.folders, walker, resolve(root)).kinds) {
    const input = kindInput(decl, group, version, diagnostics);
    if (input !== undefined) descriptors.push(input);
  }
  return { descriptors, diagnostics: sortDiagnostics(diagnostics) };
}
