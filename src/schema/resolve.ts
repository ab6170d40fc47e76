import type {
  ClassDeclaration,
  EnumDeclaration,
  InterfaceDeclaration,
  Symbol as MorphSymbol,
  TypeAliasDeclaration,
} from 'ts-morph';
import { Node, SyntaxKind } from '../compiler/ts-morph.js';
import type { IrProperty, IrType, NamedDecl } from './model.js';

/** NamedNode is a declaration that can be the target of a type reference. */
export type NamedNode = InterfaceDeclaration | TypeAliasDeclaration | EnumDeclaration | ClassDeclaration;

/** knownAlias maps an `operator-ts/types` alias name to its IR (undefined for other names). */
export function knownAlias(name: string): IrType | undefined {
  switch (name) {
    case 'int':
      return { kind: 'primitive', type: 'integer' };
    case 'int32':
    case 'int64':
      return { kind: 'primitive', type: 'integer', format: name };
    case 'float64':
      return { kind: 'primitive', type: 'number' };
    case 'Time':
    case 'MicroTime':
      return { kind: 'primitive', type: 'string', format: 'date-time', goStruct: true };
    case 'Duration':
      return { kind: 'primitive', type: 'string', goStruct: true };
    case 'Bytes':
      return { kind: 'primitive', type: 'string', format: 'byte' };
    case 'Quantity':
      return { kind: 'intOrString', quantity: true };
    case 'IntOrString':
      return { kind: 'intOrString', quantity: false };
    case 'JSONValue':
      return { kind: 'preserveUnknown', object: false };
    case 'RawExtension':
      return { kind: 'preserveUnknown', object: true };
    default:
      return undefined;
  }
}

/** CONDITION_DECL stands for the runtime's `Condition` (metav1.Condition); the emitter gives it controller-gen's schema. */
export const CONDITION_DECL: NamedDecl = {
  name: 'V1Condition',
  markers: [],
  doc: [],
  loc: { file: 'operator-ts/runtime', line: 1, column: 1 },
  external: true,
  type: { kind: 'object', properties: [] },
};

/** isOperatorTsRuntimeFile tells whether a file is part of `operator-ts/runtime` (where `Condition` is declared). */
export function isOperatorTsRuntimeFile(path: string): boolean {
  return (
    /\/operator-ts\/(dist\/)?src\/runtime\//.test(path) || /\/src\/runtime\/helpers\/conditions\.(d\.)?ts$/.test(path)
  );
}

/** isLibFile tells whether a file is one of TypeScript's bundled lib declarations (Array, Record, Date...). */
export function isLibFile(path: string): boolean {
  return /\/typescript\/lib\/lib\.[^/]*\.d\.ts$/.test(path) || /\/lib\.[a-z0-9.]*\.d\.ts$/.test(path);
}

/** importedFrom returns the module specifier a symbol was imported from, if it is an import. */
export function importedFrom(sym: MorphSymbol): string | undefined {
  for (const d of sym.getDeclarations()) {
    if (Node.isImportSpecifier(d)) return d.getImportDeclaration().getModuleSpecifierValue();
    if (Node.isNamespaceImport(d))
      return d.getParentOrThrow().getParentOrThrow().asKind(SyntaxKind.ImportDeclaration)?.getModuleSpecifierValue();
  }
  return undefined;
}

/** declarationOf follows import aliases to the interface, alias, enum or class a symbol names. */
export function declarationOf(sym: MorphSymbol): NamedNode | undefined {
  const target = sym.isAlias() ? (sym.getAliasedSymbol() ?? sym) : sym;
  for (const d of target.getDeclarations()) {
    if (
      Node.isInterfaceDeclaration(d) ||
      Node.isTypeAliasDeclaration(d) ||
      Node.isEnumDeclaration(d) ||
      Node.isClassDeclaration(d)
    )
      return d;
  }
  return undefined;
}

/** mergeProperties merges inherited and own properties; own ones win, as in TypeScript. */
export function mergeProperties(base: readonly IrProperty[], own: readonly IrProperty[]): IrProperty[] {
  const out = new Map<string, IrProperty>();
  for (const p of base) out.set(p.name, p);
  for (const p of own) out.set(p.name, p);
  return [...out.values()];
}
