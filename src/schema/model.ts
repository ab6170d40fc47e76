import type { LocatedMarker } from '../markers/collect.js';
import type { SourceLocation } from '../errors/diagnostic.js';

/**
 * IrType is the intermediate type model between the TypeScript front end (ts-morph) and the schema
 * emitter. Only the walker knows TypeScript; the emitter only knows this model, so the front end can be
 * replaced (e.g. by a TypeScript 7 API) without touching schema rules.
 */
export type IrType =
  /**
   * `goStruct` marks a string that is a struct with its own schema in Go (metav1.Time, metav1.Duration):
   * controller-gen's field markers see a `$ref` there, not a string, which `+k8s:required` tells apart.
   */
  | { kind: 'primitive'; type: 'string' | 'boolean' | 'integer' | 'number'; format?: string; goStruct?: true }
  | { kind: 'intOrString'; quantity: boolean }
  /** RawExtension (`object: true`) or JSONValue: anything, kept as-is by the apiserver. */
  | { kind: 'preserveUnknown'; object: boolean }
  | { kind: 'enum'; base: 'string' | 'integer' | 'number' | 'boolean'; values: (string | number | boolean)[] }
  | { kind: 'array'; items: IrType }
  | { kind: 'map'; values: IrType }
  /** `rules`: x-kubernetes-validations Kubernetes declares on a client-node model's struct itself. */
  | {
      kind: 'object';
      properties: IrProperty[];
      known?: 'ObjectMeta';
      mapType?: 'atomic' | 'granular';
      rules?: Record<string, unknown>[];
    }
  | { kind: 'nullable'; inner: IrType }
  | { kind: 'named'; decl: NamedDecl }
  /**
   * A construct with no schema. `allowedBy: 'preserve'` means a `Schemaless` or
   * `PreserveUnknownFields` marker on the using field or type makes it acceptable (any/unknown).
   */
  | { kind: 'error'; message: string; hint: string; loc: SourceLocation; allowedBy?: 'preserve' };

/** IrProperty is one property of an object type. */
export interface IrProperty {
  name: string;
  optional: boolean;
  type: IrType;
  markers: LocatedMarker[];
  /** Doc comment lines, markers removed. */
  doc: string[];
  /** A description written as it is, instead of one made of `doc` (Kubernetes' own, for client-node models). */
  description?: string;
  loc: SourceLocation;
  /** Folder-level `+kubebuilder:validation:Optional` applies to the declaring folder. */
  folderOptional: boolean;
  /** Schema keys Kubernetes declares on a client-node model's field (list topology, defaults). */
  extra?: Record<string, unknown>;
}

/** NamedDecl is a named type (interface, alias, enum, class); its markers apply wherever it is used. */
export interface NamedDecl {
  name: string;
  markers: LocatedMarker[];
  doc: string[];
  /** A description written as it is, instead of one made of `doc`. */
  description?: string;
  loc: SourceLocation;
  /** True for types from @kubernetes/client-node. */
  external: boolean;
  /** Filled after the declaration has been walked (may be referenced recursively before). */
  type: IrType;
}
