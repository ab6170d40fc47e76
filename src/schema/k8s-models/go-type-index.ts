import { type GoSchemaType, markerNames } from './declarative-validation.js';
import type { GoField, GoFile, GoTypeDecl } from './go-structs.js';

/** GoPackageSource is the parsed files of one Go package, by import path. */
export interface GoPackageSource {
  path: string;
  files: GoFile[];
}

/** GoContext is where a type expression is written: its package and the file whose imports it uses. */
interface GoContext {
  pkg: string;
  file: GoFile;
}

/** ContextField is a struct field with the place its type is written in. */
export interface ContextField extends GoField {
  at: GoContext;
}

const BASIC: Readonly<Record<string, GoSchemaType>> = {
  string: 'string',
  bool: 'boolean',
  float32: 'number',
  float64: 'number',
  ...Object.fromEntries(
    [
      'int',
      'int8',
      'int16',
      'int32',
      'int64',
      'uint',
      'uint8',
      'uint16',
      'uint32',
      'uint64',
      'byte',
      'rune',
      'uintptr',
    ].map((t) => [t, 'integer' as const]),
  ),
};

/**
 * definitionPrefix is the OpenAPI definition prefix openapi-gen gives the types of a Go package:
 * `k8s.io/api/core/v1` -> `io.k8s.api.core.v1`.
 */
export function definitionPrefix(pkg: string): string {
  const [host = '', ...rest] = pkg.split('/');
  return [...host.split('.').reverse(), ...rest].join('.');
}

/**
 * GoTypeIndex finds the Go declarations behind OpenAPI definitions and tells what controller-gen's
 * schema of a field's type is when field markers apply to it (pkg/crd/schema.go: localNamedToSchema for a
 * name of the same package, namedToSchema for one of another package).
 */
export class GoTypeIndex {
  private readonly types = new Map<string, { decl: GoTypeDecl; at: GoContext }>();
  private readonly consts = new Map<string, string[]>();
  private readonly structs = new Map<string, { decl: GoTypeDecl; at: GoContext }>();

  constructor(packages: Iterable<GoPackageSource>) {
    for (const p of packages) {
      for (const file of p.files) {
        for (const decl of file.types) {
          const t = { decl, at: { pkg: p.path, file } };
          this.types.set(`${p.path}.${decl.name}`, t);
          this.structs.set(`${definitionPrefix(p.path)}.${decl.name}`, t);
        }
        for (const c of file.consts) {
          if (c.type.includes('.')) continue;
          const key = `${p.path}.${c.type}`;
          this.consts.set(key, [...(this.consts.get(key) ?? []), c.value]);
        }
      }
    }
  }

  /**
   * struct returns the Go struct an OpenAPI definition was generated from; for a type defined as another
   * struct type (`type MatchCondition v1.MatchCondition`), that struct, whose fields and markers it has.
   */
  struct(definition: string): { decl: GoTypeDecl; at: GoContext } | undefined {
    let t = this.structs.get(definition);
    for (let hops = 0; t !== undefined && t.decl.underlying !== 'struct' && hops < 8; hops++)
      t = this.named(t.decl.underlying.replace(/^\*/, ''), t.at);
    return t?.decl.underlying === 'struct' ? t : undefined;
  }

  /** fields returns a struct's fields as its JSON object has them: those of inlined structs in their place. */
  fields(decl: GoTypeDecl, at: GoContext): ContextField[] {
    const out: ContextField[] = [];
    for (const f of decl.fields) {
      if (!f.inline) {
        out.push({ ...f, at });
        continue;
      }
      const inner = this.named(f.type.replace(/^\*/, ''), at);
      if (inner?.decl.underlying === 'struct') out.push(...this.fields(inner.decl, inner.at));
    }
    return out;
  }

  private named(expr: string, at: GoContext): { decl: GoTypeDecl; at: GoContext } | undefined {
    const dot = expr.indexOf('.');
    if (dot < 0) return this.types.get(`${at.pkg}.${expr}`);
    const pkg = at.file.imports.get(expr.slice(0, dot));
    return pkg === undefined ? undefined : this.types.get(`${pkg}.${expr.slice(dot + 1)}`);
  }

  /**
   * schemaType is the schema type controller-gen has for a field's type when it applies field markers;
   * undefined when the type is declared in a package not read.
   */
  schemaType(type: string, at: GoContext): GoSchemaType | undefined {
    const expr = type.replace(/^\*+/, '');
    if (expr === '[]byte') return 'string';
    if (expr.startsWith('[')) return 'array';
    if (expr.startsWith('map[')) return 'object';
    const basic = BASIC[expr];
    if (basic !== undefined) return basic;
    const named = this.named(expr, at);
    if (named === undefined) return undefined;
    const underlying = this.underlying(named.decl, named.at);
    if (underlying === 'array' || underlying === 'object') return underlying;
    // A named type of another package is a bare $ref; one of the same package takes its basic type.
    if (expr.includes('.') || underlying === undefined) return 'ref';
    return underlying;
  }

  /** underlying is the schema type of a named type's underlying type; 'ref' for structs and other packages' names. */
  private underlying(decl: GoTypeDecl, at: GoContext): GoSchemaType | undefined {
    if (decl.underlying === 'struct') return 'ref';
    return this.schemaType(decl.underlying, at);
  }

  /**
   * enumOf returns the values controller-gen's +k8s:enum gives a field of a named string type marked with
   * it: the package's constants of that type that are string literals, in JSON order.
   */
  enumOf(type: string, at: GoContext): string[] | undefined {
    const named = this.named(type.replace(/^\*+/, ''), at);
    if (named === undefined || !named.decl.markers.some((m) => markerNames(m).anonymous === 'k8s:enum'))
      return undefined;
    const values = this.consts.get(`${named.at.pkg}.${named.decl.name}`) ?? [];
    if (values.length === 0)
      throw new Error(`+k8s:enum on ${named.at.pkg}.${named.decl.name}, which has no string constants`);
    return [...values].sort((a, b) => {
      const x = JSON.stringify(a);
      const y = JSON.stringify(b);
      return x < y ? -1 : x > y ? 1 : 0;
    });
  }
}
