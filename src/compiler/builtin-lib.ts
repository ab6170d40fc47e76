/**
 * BUILTIN_LIB_NAME is the in-memory stand-in for TypeScript's default library. Its name matches the
 * `lib.*.d.ts` pattern the walker uses to recognise built-in declarations.
 */
export const BUILTIN_LIB_NAME = 'lib.operatortsgenerate.d.ts';

// The generator reads type NODES and resolves names through symbols; it never asks the checker for the
// type of an expression. So it needs the global names, not their members: the full ES2023 library is 63
// files (half a megabyte) that every run would parse and bind for nothing. The interfaces the checker
// itself looks up at start (Array, Object, Function...) are declared so that it sets up as usual; the
// rest are the built-ins an API type might name, so that they keep the "built-in type X has no schema"
// diagnostic instead of "cannot resolve".
const CHECKER_GLOBALS = [
  'Boolean',
  'CallableFunction',
  'Function',
  'IArguments',
  'NewableFunction',
  'Number',
  'Object',
  'RegExp',
  'String',
  'Symbol',
  'BigInt',
];
const GENERIC_1 = [
  'Array',
  'ReadonlyArray',
  'Promise',
  'PromiseLike',
  'Set',
  'ReadonlySet',
  'WeakSet',
  'Iterable',
  'Iterator',
  'IterableIterator',
  'AsyncIterable',
  'TemplateStringsArray',
];
const GENERIC_2 = ['Map', 'ReadonlyMap', 'WeakMap'];
const PLAIN = [
  'Date',
  'Error',
  'ArrayBuffer',
  'SharedArrayBuffer',
  'DataView',
  'Uint8Array',
  'Int8Array',
  'Uint16Array',
  'Int16Array',
  'Uint32Array',
  'Int32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'JSON',
  'Math',
  'WeakRef',
];
const ALIASES = [
  'type PropertyKey = string | number | symbol;',
  'type Record<K extends keyof any, T> = { [P in K]: T };',
  'type Partial<T> = { [P in keyof T]?: T[P] };',
  'type Required<T> = { [P in keyof T]-?: T[P] };',
  'type Readonly<T> = { readonly [P in keyof T]: T[P] };',
  'type Pick<T, K extends keyof T> = { [P in K]: T[P] };',
  'type Exclude<T, U> = T extends U ? never : T;',
  'type Extract<T, U> = T extends U ? T : never;',
  'type Omit<T, K extends keyof any> = Pick<T, Exclude<keyof T, K>>;',
  'type NonNullable<T> = T & {};',
];

// Built-ins whose wire form the walker reads from their toJSON() (see src/schema/to-json.ts): the one
// member that matters is declared, and the constructor, so that a class may extend them. URL is a
// global of Node.js (and browsers), not of the ES library.
const SERIALIZED = [
  'interface URL { toJSON(): string; }',
  'declare var URL: { prototype: URL; new (url: string, base?: string): URL };',
];

/** BUILTIN_LIB_TEXT declares the global names API types may refer to, without their members. */
export const BUILTIN_LIB_TEXT = [
  '// Generated in memory by operator-ts generate: the global names of the ES library, without members.',
  ...CHECKER_GLOBALS.map((n) => `interface ${n} {}`),
  ...GENERIC_1.map((n) => `interface ${n}<T> {}`),
  ...GENERIC_2.map((n) => `interface ${n}<K, V> {}`),
  ...PLAIN.map((n) => `interface ${n} {}`),
  ...SERIALIZED,
  ...ALIASES,
  '',
].join('\n');
