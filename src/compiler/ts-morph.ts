import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

// ts-morph is CommonJS. Imported from ESM, Node first runs its export lexer over the 1 MB bundle to
// find named exports, about a tenth of a one-kind `operator-ts generate`; required, it is just loaded.
// Types still come from `import type ... from 'ts-morph'`; values the generator uses come from here.
const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

/** Node is ts-morph's node class (its static type guards are what the generator calls). */
export const Node = tsMorph.Node;
/** Node is ts-morph's node type. */
export type Node = TsMorph.Node;
/** SyntaxKind is TypeScript's syntax kind enum as ts-morph re-exports it. */
export const SyntaxKind = tsMorph.SyntaxKind;
/** SyntaxKind is the syntax kind enum's type. */
export type SyntaxKind = TsMorph.SyntaxKind;
/** Project is ts-morph's project class. */
export const Project = tsMorph.Project;
/** Project is ts-morph's project type. */
export type Project = TsMorph.Project;
/** ts is the TypeScript compiler API bundled with ts-morph (for types, `import type { ts } from 'ts-morph'`). */
export const ts = tsMorph.ts;
