import { QUANTITY_PATTERN, conditionSchema } from '../schema/known-types.js';
import { docLines } from './doc-lines.js';
import { type JsonObject, isJsonObject, sameJson, sameSet, withoutDescriptions } from './json-value.js';
import { type NodeKind, markersFor, sortedKeys } from './keyword-markers.js';
import { jsonText, markerLine } from './marker-text.js';
import { TypeNames, itemWord, pascalWord } from './type-names.js';

/** Fragment is the part of a json-schema-to-typescript input schema that gives one node its TypeScript type. */
export type Fragment = JsonObject;

/** PropertyPlan is one property of a planned interface. */
export interface PropertyPlan {
  name: string;
  required: boolean;
  fragment: Fragment;
  /** Doc comment lines: the description, then the markers. */
  doc: string[];
}

/** DeclPlan is one exported declaration of an imported types file. */
export type DeclPlan =
  | { kind: 'interface'; name: string; doc: string[]; properties: PropertyPlan[] }
  | { kind: 'alias'; name: string; doc: string[]; fragment: Fragment };

/** PlanNote is something about one schema node that the report names: a construct kept by the escape hatch, or one not reproduced. */
export interface PlanNote {
  /** Node path in the version's schema, e.g. `spec.rules[].match`. */
  path: string;
  message: string;
}

/** TypePlan is everything one version's types file declares, imports and reports. */
export interface TypePlan {
  decls: DeclPlan[];
  /** Imported names: `operator-ts/types` aliases, `V1ObjectMeta`, `Condition`. */
  uses: Set<string>;
  notes: PlanNote[];
}

interface Typed {
  fragment: Fragment;
  /** The keywords the generator writes for the fragment's TypeScript type (children aside). */
  base: JsonObject;
  kind: NodeKind;
  decl?: DeclPlan;
  mapValues?: boolean;
  itemMarkers?: string[];
}

const OPAQUE: unique symbol = Symbol('opaque');

/** Opaque says why no TypeScript type can stand for a node. */
interface Opaque {
  [OPAQUE]: true;
  opaque: string;
}

function opaque(reason: string): Opaque {
  return { [OPAQUE]: true, opaque: reason };
}

type Planned = Typed | Opaque;

const INT_OR_STRING = [{ type: 'integer' }, { type: 'string' }];
const CONDITION = withoutDescriptions(conditionSchema());
const NOT_KEYWORDS = new Set(['description', 'properties', 'items', 'required']);
const ROOT_FIELDS: Readonly<Record<string, { fragment: Fragment; schema: JsonObject }>> = {
  apiVersion: { fragment: { tsType: 'string' }, schema: { type: 'string' } },
  kind: { fragment: { tsType: 'string' }, schema: { type: 'string' } },
  metadata: { fragment: { tsType: 'V1ObjectMeta' }, schema: { type: 'object' } },
};

function isOpaque(p: object): p is Opaque {
  return OPAQUE in p;
}

function enumOf(o: JsonObject, test: (v: unknown) => boolean): unknown[] | undefined {
  if (!Array.isArray(o.enum) || o.enum.length === 0) return undefined;
  const values = o.enum.filter((v) => !(v === null && o.nullable === true));
  return values.length > 0 && values.every(test) ? values : undefined;
}

/** sortedEntries orders fields by name, so that the output does not depend on how the source ordered them (the apiserver sorts). */
function sortedEntries(o: JsonObject): [string, unknown][] {
  return Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function unique(values: readonly unknown[]): unknown[] {
  return [...new Set(values)];
}

function label(path: string): string {
  return path === '' ? '(root)' : path;
}

/**
 * TypePlanner decides, node by node, the TypeScript type of a CRD schema and the markers that make
 * `operator-ts generate` write that node back: the type carries what it can (objects, lists, maps,
 * literal unions, `operator-ts/types` aliases), markers carry the keywords beyond it, and
 * `+operator-ts:schema` the keywords no marker can say. A node no type can stand for (an int-or-string
 * without its anyOf, a list without items) makes its nearest field a `Schemaless` JSONValue with its
 * whole schema in `+operator-ts:schema` (an IntOrString when it is one).
 */
export class TypePlanner {
  private readonly names = new TypeNames();
  private decls: DeclPlan[] = [];
  private uses = new Set<string>();
  private notes: PlanNote[] = [];

  /** planRoot plans the types of one version: `rootDoc` are the kind's own markers (resource, subresources...). */
  planRoot(schema: JsonObject, kind: string, rootDoc: readonly string[]): TypePlan {
    const name = this.names.claim(kind);
    const decl: DeclPlan = { kind: 'interface', name, doc: [], properties: [] };
    this.decls.push(decl);
    const props = isJsonObject(schema.properties) ? schema.properties : {};
    for (const [field, spec] of Object.entries(ROOT_FIELDS)) {
      const given = props[field];
      if (given === undefined)
        this.notes.push({
          path: field,
          message: `the schema has no ${field}; the types declare it (every object has one), so a CRD generated from them does too`,
        });
      else if (!sameJson(withoutDescriptions(given), spec.schema))
        this.notes.push({
          path: field,
          message: `${field} keywords other than type: ${spec.schema.type as string} are not reproduced (generate writes the standard ${field} schema)`,
        });
      if (spec.fragment.tsType !== 'string') this.uses.add(spec.fragment.tsType as string);
      decl.properties.push({
        name: field,
        required: false,
        fragment: spec.fragment,
        doc: isJsonObject(given) ? docLines(given.description) : [],
      });
    }
    const required = new Set(
      (Array.isArray(schema.required) ? (schema.required as string[]) : []).filter(
        (r) => r in props && !(r in ROOT_FIELDS),
      ),
    );
    for (const [field, child] of sortedEntries(props)) {
      if (field in ROOT_FIELDS) continue;
      decl.properties.push(this.property(child as JsonObject, field, required.has(field), name, field));
    }
    const base: JsonObject =
      required.size > 0 ? { type: 'object', required: [...required].sort() } : { type: 'object' };
    const needs = this.needsOf(schema, { fragment: {}, base, kind: { type: 'object', intOrString: false } });
    const markers = isOpaque(needs) ? undefined : markersFor(needs, 'type', { type: 'object', intOrString: false });
    if (markers === undefined) throw new Error(`the root of ${kind} cannot be planned`);
    this.noteRaw('', markers.raw);
    decl.doc = [...docLines(schema.description), ...rootDoc, ...markers.lines];
    return { decls: this.decls, uses: this.uses, notes: this.notes };
  }

  private noteRaw(path: string, raw: readonly string[]): void {
    if (raw.length > 0)
      this.notes.push({
        path: label(path),
        message: `${raw.join(', ')}: no marker says ${raw.length === 1 ? 'it' : 'them'} here; kept in +operator-ts:schema`,
      });
  }

  private property(o: JsonObject, field: string, required: boolean, parent: string, path: string): PropertyPlan {
    const saved = {
      decls: this.decls.length,
      uses: new Set(this.uses),
      notes: this.notes.length,
      names: this.names.snapshot(),
    };
    const typed = this.typeNode(o, `${parent}${pascalWord(field)}`, path, field, parent);
    const needs = isOpaque(typed) ? typed : this.needsOf(o, typed);
    if (isOpaque(typed) || isOpaque(needs)) {
      const reason = isOpaque(typed) ? typed.opaque : (needs as Opaque).opaque;
      this.decls.length = saved.decls;
      this.uses = saved.uses;
      this.notes.length = saved.notes;
      this.names.restore(saved.names);
      // The generator ignores the type of a Schemaless field, so it can still say what the value is.
      const tsType = o['x-kubernetes-int-or-string'] === true ? 'IntOrString' : 'JSONValue';
      this.uses.add(tsType);
      const whole = sortedKeys(o) as JsonObject;
      delete whole.description;
      this.notes.push({
        path,
        message: `${reason}: the field is ${tsType === 'IntOrString' ? 'an IntOrString' : 'a JSONValue'} with its whole schema in +kubebuilder:validation:Schemaless and +operator-ts:schema`,
      });
      return {
        name: field,
        required,
        fragment: { tsType },
        doc: [
          ...docLines(o.description),
          markerLine('kubebuilder:validation:Schemaless'),
          markerLine('operator-ts:schema', jsonText(whole)),
        ],
      };
    }
    const markers = markersFor(needs, 'field', typed.kind);
    if (markers === undefined) throw new Error(`field ${path} cannot be planned`);
    this.noteRaw(path, markers.raw);
    return {
      name: field,
      required,
      fragment: typed.fragment,
      doc: [...docLines(o.description), ...markers.lines, ...(typed.itemMarkers ?? [])],
    };
  }

  /** item plans the items of a list or the values of a map; list items of a field may take `items:` markers on it. */
  private item(
    o: JsonObject,
    hint: string,
    path: string,
    itemsMarkers: boolean,
  ): { fragment: Fragment; fieldMarkers?: string[] } | Opaque {
    if (o.nullable !== true && sameJson(withoutDescriptions(o), CONDITION)) {
      this.uses.add('Condition');
      return { fragment: { tsType: 'Condition' } };
    }
    const typed = this.typeNode(o, hint, path, undefined);
    if (isOpaque(typed)) return typed;
    const needs = this.needsOf(o, typed);
    if (isOpaque(needs)) return needs;
    const doc = docLines(o.description);
    if (Object.keys(needs).length === 0 && doc.length === 0) return { fragment: typed.fragment };
    if (typed.decl !== undefined) {
      const markers = markersFor(needs, 'type', typed.kind);
      if (markers === undefined) throw new Error(`items ${path} cannot be planned`);
      this.noteRaw(path, markers.raw);
      typed.decl.doc = [...doc, ...markers.lines];
      return { fragment: typed.fragment };
    }
    if (itemsMarkers && doc.length === 0) {
      const markers = markersFor(needs, 'items', typed.kind);
      if (markers !== undefined) return { fragment: typed.fragment, fieldMarkers: markers.lines };
    }
    const markers = markersFor(needs, 'type', typed.kind);
    if (markers === undefined) throw new Error(`items ${path} cannot be planned`);
    this.noteRaw(path, markers.raw);
    const name = this.names.claim(hint);
    this.decls.push({ kind: 'alias', name, doc: [...doc, ...markers.lines], fragment: typed.fragment });
    return { fragment: { tsType: name } };
  }

  /** needsOf lists the keywords of o that its planned type does not give, or why the type cannot stand for o. */
  private needsOf(o: JsonObject, t: Typed): JsonObject | Opaque {
    const needs: JsonObject = {};
    for (const [k, v] of Object.entries(o)) {
      if (NOT_KEYWORDS.has(k) || (k === 'additionalProperties' && t.mapValues === true)) continue;
      const b = t.base[k];
      if (b !== undefined && (k === 'enum' ? sameSet(b, v) : sameJson(b, v))) continue;
      needs[k] = v;
    }
    for (const k of Object.keys(t.base))
      if (k !== 'required' && o[k] === undefined) return opaque(`its TypeScript type would add ${k}`);
    const given = o.required;
    const made = t.base.required;
    if (
      (given !== undefined || made !== undefined) &&
      !(Array.isArray(given) && Array.isArray(made) && sameSet(given, made))
    )
      needs.required = given ?? [];
    return needs;
  }

  private typeNode(o: JsonObject, hint: string, path: string, field: string | undefined, parent = ''): Planned {
    const nullable = o.nullable === true;
    const done = (fragment: Fragment, base: JsonObject, kind: NodeKind, extra: Partial<Typed> = {}): Typed => ({
      fragment: nullable ? { anyOf: [fragment, { type: 'null' }] } : fragment,
      base: nullable ? { ...base, nullable: true } : base,
      kind,
      ...extra,
    });
    const alias = (name: string, base: JsonObject, kind: NodeKind): Typed => {
      this.uses.add(name);
      return done({ tsType: name }, base, kind);
    };
    if (o['x-kubernetes-int-or-string'] === true) {
      if (!sameJson(o.anyOf, INT_OR_STRING))
        return opaque('x-kubernetes-int-or-string without anyOf: [integer, string]');
      const base: JsonObject = { anyOf: INT_OR_STRING, 'x-kubernetes-int-or-string': true };
      if (o.pattern === QUANTITY_PATTERN)
        return alias('Quantity', { ...base, pattern: QUANTITY_PATTERN }, { intOrString: true });
      return alias('IntOrString', base, { intOrString: true });
    }
    switch (o.type) {
      case undefined:
        if (
          o['x-kubernetes-preserve-unknown-fields'] === true &&
          o.properties === undefined &&
          o.items === undefined &&
          o.additionalProperties === undefined
        ) {
          return alias('JSONValue', { 'x-kubernetes-preserve-unknown-fields': true }, { intOrString: false });
        }
        return opaque('a schema without type');
      case 'boolean':
        return done({ type: 'boolean' }, { type: 'boolean' }, { type: 'boolean', intOrString: false });
      case 'string': {
        const kind: NodeKind = { type: 'string', intOrString: false };
        const values = enumOf(o, (v) => typeof v === 'string');
        if (values !== undefined)
          return done({ type: 'string', enum: values }, { type: 'string', enum: unique(values) }, kind);
        if (o.format === 'date-time') return alias('Time', { type: 'string', format: 'date-time' }, kind);
        if (o.format === 'byte') return alias('Bytes', { type: 'string', format: 'byte' }, kind);
        return done({ type: 'string' }, { type: 'string' }, kind);
      }
      case 'integer':
      case 'number': {
        const values = enumOf(o, (v) => typeof v === 'number' && (o.type === 'number' || Number.isInteger(v)));
        if (values !== undefined) {
          const type = values.every((v) => Number.isInteger(v)) ? 'integer' : 'number';
          return done({ type: o.type, enum: values }, { type, enum: unique(values) }, { type, intOrString: false });
        }
        if (o.type === 'integer' && (o.format === 'int32' || o.format === 'int64'))
          return alias(o.format, { type: 'integer', format: o.format }, { type: 'integer', intOrString: false });
        return alias('float64', { type: 'number' }, { type: 'number', intOrString: false });
      }
      case 'array': {
        if (!isJsonObject(o.items)) return opaque('a list without items');
        const items = this.item(
          o.items,
          field === undefined ? `${hint}Item` : `${parent}${itemWord(field)}`,
          `${path}[]`,
          field !== undefined,
        );
        if (isOpaque(items)) return items;
        return done(
          { type: 'array', items: items.fragment },
          { type: 'array' },
          { type: 'array', intOrString: false },
          items.fieldMarkers === undefined ? {} : { itemMarkers: items.fieldMarkers },
        );
      }
      case 'object':
        return this.objectNode(o, hint, path, field, done);
      default:
        return opaque(`type ${JSON.stringify(o.type)}`);
    }
  }

  private objectNode(
    o: JsonObject,
    hint: string,
    path: string,
    field: string | undefined,
    done: (f: Fragment, b: JsonObject, k: NodeKind, e?: Partial<Typed>) => Typed,
  ): Planned {
    const kind: NodeKind = { type: 'object', intOrString: false };
    const props = isJsonObject(o.properties) ? o.properties : {};
    const preserve = o['x-kubernetes-preserve-unknown-fields'] === true;
    if (Object.keys(props).length > 0) {
      const name = this.names.claim(hint);
      const decl: DeclPlan = { kind: 'interface', name, doc: docLines(o.description), properties: [] };
      this.decls.push(decl);
      const required = new Set((Array.isArray(o.required) ? (o.required as string[]) : []).filter((r) => r in props));
      for (const [f, child] of sortedEntries(props))
        decl.properties.push(this.property(child as JsonObject, f, required.has(f), name, `${path}.${f}`));
      const base: JsonObject =
        required.size > 0 ? { type: 'object', required: [...required].sort() } : { type: 'object' };
      return done({ tsType: name }, base, kind, { decl });
    }
    if (isJsonObject(o.additionalProperties)) {
      const values = this.item(o.additionalProperties, `${hint}Value`, `${path}{}`, false);
      if (isOpaque(values)) return values;
      return done({ type: 'object', additionalProperties: values.fragment }, { type: 'object' }, kind, {
        mapValues: true,
      });
    }
    if (field === 'metadata' && !preserve && o.additionalProperties === undefined) {
      this.uses.add('V1ObjectMeta');
      return done({ tsType: 'V1ObjectMeta' }, { type: 'object' }, kind);
    }
    if (preserve) {
      this.uses.add('RawExtension');
      return done({ tsType: 'RawExtension' }, { type: 'object', 'x-kubernetes-preserve-unknown-fields': true }, kind);
    }
    return done({ type: 'object' }, { type: 'object' }, kind);
  }
}
