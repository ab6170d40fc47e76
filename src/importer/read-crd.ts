import type { Diagnostic } from '../errors/diagnostic.js';
import type { CrdVersion, ImportedCrd, PrinterColumn } from './crd-model.js';
import { type JsonObject, isJsonObject } from './json-value.js';
import type { PathSegment, SourceObject } from './source-documents.js';
import { validateSchema } from './validate-schema.js';

const KIND_RE = /^[A-Z][A-Za-z0-9]*$/;
const DNS_LABEL_RE = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const GROUP_RE = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)+$/;

/** isCrd tells whether a parsed object claims to be a CustomResourceDefinition (of any apiextensions version). */
export function isCrd(value: unknown): boolean {
  return isJsonObject(value) && value.kind === 'CustomResourceDefinition';
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isJsonObject(v)) for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x;
  return out;
}

function stringList(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') && v.length > 0 ? v : undefined;
}

/** Report records a problem at a YAML node of the CRD, with its fix. */
type Report = (path: readonly PathSegment[], message: string, hint: string) => void;

/** checkIdentity checks the group, kind, plural, scope and name of a CRD, and refuses v1beta1 fields. */
function checkIdentity(spec: JsonObject, metadata: JsonObject, report: Report): void {
  const { group } = spec;
  const names = isJsonObject(spec.names) ? spec.names : {};
  const { kind, plural } = names;
  if (typeof group !== 'string' || !GROUP_RE.test(group))
    report(
      ['spec', 'group'],
      `spec.group ${JSON.stringify(group)} is not an API group`,
      'use a lower-case DNS name with at least one dot, e.g. cert-manager.io',
    );
  if (typeof kind !== 'string' || !KIND_RE.test(kind))
    report(
      ['spec', 'names', 'kind'],
      `spec.names.kind ${JSON.stringify(kind)} is not a kind`,
      'use a PascalCase name such as Certificate',
    );
  if (typeof plural !== 'string' || !DNS_LABEL_RE.test(plural))
    report(
      ['spec', 'names', 'plural'],
      `spec.names.plural ${JSON.stringify(plural)} is not a resource name`,
      'use the lower-case plural, e.g. certificates',
    );
  const scope = spec.scope;
  if (scope !== 'Namespaced' && scope !== 'Cluster')
    report(
      ['spec', 'scope'],
      `spec.scope ${JSON.stringify(scope)} is neither Namespaced nor Cluster`,
      'set spec.scope: Namespaced or spec.scope: Cluster',
    );
  if (
    typeof plural === 'string' &&
    typeof group === 'string' &&
    typeof metadata.name === 'string' &&
    metadata.name !== `${plural}.${group}`
  ) {
    report(
      ['metadata', 'name'],
      `metadata.name ${JSON.stringify(metadata.name)} is not <plural>.<group> (${plural}.${group})`,
      `the apiserver requires metadata.name: ${plural}.${group}`,
    );
  }
  if (spec.validation !== undefined || spec.version !== undefined) {
    report(
      ['spec', spec.validation !== undefined ? 'validation' : 'version'],
      'spec.validation / spec.version are apiextensions.k8s.io/v1beta1 fields',
      'move the schema into spec.versions[].schema.openAPIV3Schema',
    );
  }
}

/** printerColumns reads the additionalPrinterColumns of a version; a column without name, type or jsonPath is reported. */
function printerColumns(v: JsonObject, at: readonly PathSegment[], name: string, report: Report): PrinterColumn[] {
  const columns: PrinterColumn[] = [];
  (Array.isArray(v.additionalPrinterColumns) ? v.additionalPrinterColumns : []).forEach((c: unknown, j: number) => {
    if (
      !isJsonObject(c) ||
      typeof c.name !== 'string' ||
      typeof c.type !== 'string' ||
      typeof c.jsonPath !== 'string'
    ) {
      report(
        [...at, 'additionalPrinterColumns', j],
        `printer column ${j} of version ${name} lacks name, type or jsonPath`,
        'give every column a name, a type and a jsonPath',
      );
      return;
    }
    const col: PrinterColumn = { name: c.name, type: c.type, jsonPath: c.jsonPath };
    if (typeof c.description === 'string') col.description = c.description;
    if (typeof c.format === 'string') col.format = c.format;
    if (typeof c.priority === 'number') col.priority = c.priority;
    columns.push(col);
  });
  return columns;
}

/** readVersion validates `spec.versions[i]` and reads it, or returns undefined when it cannot be read at all. */
function readVersion(
  source: SourceObject,
  v: unknown,
  i: number,
  report: Report,
  diagnostics: Diagnostic[],
): CrdVersion | undefined {
  const at: PathSegment[] = ['spec', 'versions', i];
  if (!isJsonObject(v)) {
    report(
      at,
      `spec.versions[${i}] is not a mapping`,
      'write each version as a mapping with name, served, storage and schema',
    );
    return undefined;
  }
  const name = v.name;
  if (typeof name !== 'string' || !DNS_LABEL_RE.test(name)) {
    report(
      [...at, 'name'],
      `spec.versions[${i}].name ${JSON.stringify(name)} is not a version name`,
      'use a lower-case name such as v1 or v1alpha1',
    );
    return undefined;
  }
  const schema = isJsonObject(v.schema) ? v.schema.openAPIV3Schema : undefined;
  if (!isJsonObject(schema)) {
    report(
      [...at, 'schema'],
      `version ${name} has no schema.openAPIV3Schema`,
      'every apiextensions.k8s.io/v1 version needs schema.openAPIV3Schema',
    );
    return undefined;
  }
  diagnostics.push(...validateSchema(source, schema, [...at, 'schema', 'openAPIV3Schema']));
  if (schema.type !== 'object')
    report(
      [...at, 'schema', 'openAPIV3Schema', 'type'],
      `the schema of version ${name} is not of type object`,
      'the root of a CRD schema has type: object',
    );
  const sub = isJsonObject(v.subresources) ? v.subresources : {};
  const scale = isJsonObject(sub.scale) ? sub.scale : undefined;
  if (
    scale !== undefined &&
    (typeof scale.specReplicasPath !== 'string' || typeof scale.statusReplicasPath !== 'string')
  ) {
    report(
      [...at, 'subresources', 'scale'],
      `the scale subresource of version ${name} lacks specReplicasPath or statusReplicasPath`,
      'set both paths, e.g. .spec.replicas and .status.replicas',
    );
  }
  const printer = printerColumns(v, at, name, report);
  return {
    name,
    served: v.served === true,
    storage: v.storage === true,
    deprecated: v.deprecated === true,
    ...(typeof v.deprecationWarning === 'string' ? { deprecationWarning: v.deprecationWarning } : {}),
    schema,
    printerColumns: printer,
    statusSubresource: isJsonObject(sub.status),
    ...(scale !== undefined
      ? {
          scale: {
            specReplicasPath: String(scale.specReplicasPath),
            statusReplicasPath: String(scale.statusReplicasPath),
            ...(typeof scale.labelSelectorPath === 'string' ? { labelSelectorPath: scale.labelSelectorPath } : {}),
          },
        }
      : {}),
    selectableFields: (Array.isArray(v.selectableFields) ? v.selectableFields : []).flatMap((f: unknown) =>
      isJsonObject(f) && typeof f.jsonPath === 'string' ? [f.jsonPath] : [],
    ),
    path: at,
  };
}

/** readVersions reads spec.versions: at least one, exactly one storage version and at least one served. */
function readVersions(source: SourceObject, spec: JsonObject, report: Report, diagnostics: Diagnostic[]): CrdVersion[] {
  if (!Array.isArray(spec.versions) || spec.versions.length === 0) {
    report(
      ['spec', 'versions'],
      'spec.versions is empty or missing',
      'list at least one version with name, served, storage and schema.openAPIV3Schema',
    );
    return [];
  }
  const versions: CrdVersion[] = [];
  spec.versions.forEach((v: unknown, i: number) => {
    const read = readVersion(source, v, i, report, diagnostics);
    if (read !== undefined) versions.push(read);
  });
  const kind = (isJsonObject(spec.names) ? spec.names : {}).kind as string;
  const storage = versions.filter((v) => v.storage);
  if (versions.length === spec.versions.length && storage.length !== 1)
    report(
      ['spec', 'versions'],
      `${kind} has ${storage.length} storage versions`,
      'mark exactly one version storage: true',
    );
  if (versions.length === spec.versions.length && !versions.some((v) => v.served))
    report(['spec', 'versions'], `no version of ${kind} is served`, 'set served: true on the versions clients use');
  return versions;
}

/**
 * readCrd validates one CustomResourceDefinition object and reads it into the import model. Every problem
 * is a diagnostic at the YAML node that causes it, with the fix; a CRD with any problem is not returned.
 */
export function readCrd(source: SourceObject): { crd?: ImportedCrd; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (path, message, hint) =>
    void diagnostics.push({ ...source.locate(path), severity: 'error', message, hint });
  const o = source.value as JsonObject;
  if (o.apiVersion !== 'apiextensions.k8s.io/v1') {
    report(
      ['apiVersion'],
      `CustomResourceDefinition apiVersion is ${JSON.stringify(o.apiVersion)}, not apiextensions.k8s.io/v1`,
      'apiextensions.k8s.io/v1beta1 was removed in Kubernetes 1.22: import the v1 CRD the operator ships for current clusters',
    );
    return { diagnostics };
  }
  const metadata = isJsonObject(o.metadata) ? o.metadata : {};
  const spec = o.spec;
  if (!isJsonObject(spec)) {
    report(
      ['spec'],
      'CustomResourceDefinition has no spec',
      'a CRD needs spec.group, spec.names, spec.scope and spec.versions',
    );
    return { diagnostics };
  }
  checkIdentity(spec, metadata, report);
  const versions = readVersions(source, spec, report, diagnostics);
  if (diagnostics.length > 0) return { diagnostics };
  const names = isJsonObject(spec.names) ? spec.names : {};
  const conversion = isJsonObject(spec.conversion) ? spec.conversion.strategy : undefined;
  const crd: ImportedCrd = {
    name: `${names.plural as string}.${spec.group as string}`,
    group: spec.group as string,
    kind: names.kind as string,
    plural: names.plural as string,
    ...(typeof names.singular === 'string' ? { singular: names.singular } : {}),
    ...(typeof names.listKind === 'string' ? { listKind: names.listKind } : {}),
    ...(stringList(names.shortNames) !== undefined ? { shortNames: stringList(names.shortNames) } : {}),
    ...(stringList(names.categories) !== undefined ? { categories: stringList(names.categories) } : {}),
    namespaced: spec.scope === 'Namespaced',
    versions,
    annotations: stringMap(metadata.annotations),
    labels: stringMap(metadata.labels),
    ...(typeof conversion === 'string' && conversion !== 'None' ? { conversionStrategy: conversion } : {}),
    source,
  };
  return { crd, diagnostics };
}
