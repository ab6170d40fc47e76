import type { ClassDeclaration, InterfaceDeclaration, TypeNode } from 'ts-morph';
import { Node } from '../compiler/ts-morph.js';
import { declarationOf } from './resolve.js';

/**
 * ToJson is what a type's `toJSON()` says about its wire form: the declared return type, or the method
 * whose return type is only inferred (which the walker cannot read, so it is an error).
 */
export type ToJson = { returns: TypeNode } | { untyped: Node };

/**
 * toJsonOf finds the `toJSON()` method of an interface or class, its own or inherited. JSON.stringify
 * writes such a value as what toJSON() returns (a built-in URL as a string), as encoding/json writes a
 * Go type with MarshalJSON or MarshalText; its fields do not reach the wire.
 */
export function toJsonOf(node: InterfaceDeclaration | ClassDeclaration, seen = new Set<Node>()): ToJson | undefined {
  if (seen.has(node)) return undefined;
  seen.add(node);
  const own = Node.isClassDeclaration(node) ? node.getInstanceMethod('toJSON') : node.getMethod('toJSON');
  if (own !== undefined) {
    const returns = own.getReturnTypeNode();
    return returns === undefined ? { untyped: own } : { returns };
  }
  const bases = Node.isClassDeclaration(node) ? [node.getExtends()].filter((h) => h !== undefined) : node.getExtends();
  for (const h of bases) {
    const sym = h.getExpression().getSymbol();
    const base = sym === undefined ? undefined : declarationOf(sym);
    if (base === undefined || !(Node.isInterfaceDeclaration(base) || Node.isClassDeclaration(base))) continue;
    const found = toJsonOf(base, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}
