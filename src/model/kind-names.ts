import { coreGroupName } from './core-groups.js';
import type { NameProblem } from './naming.js';

// Which kind names the generated TypeScript cannot carry, and why. Three classes are refused; the
// runtime's other exports and client-node's other models are not, because the scaffolds import the kind's
// type under an alias wherever a file also imports one of them (plugins/typescript/names.ts).

/**
 * TYPESCRIPT_GLOBALS are the type and value names of the ECMAScript library the generated projects compile
 * against (`lib: ["ES2023"]`), as TypeScript's lib.es2023 files declare them (src/model/kind-names.test.ts
 * checks the list against them). A kind of one of these names would shadow the language's own type in
 * every file that imports it, and `generate` reads `Date`, `Record`, `Map`, `Array`... as the built-ins.
 */
export const TYPESCRIPT_GLOBALS: ReadonlySet<string> = new Set(
  (
    'AggregateError AggregateErrorConstructor Array ArrayBuffer ArrayBufferConstructor ArrayBufferLike ' +
    'ArrayBufferTypes ArrayBufferView ArrayConstructor ArrayIterator ArrayLike AsyncGenerator ' +
    'AsyncGeneratorFunction AsyncGeneratorFunctionConstructor AsyncIterable AsyncIterableIterator ' +
    'AsyncIterator AsyncIteratorObject Atomics Awaited BigInt BigInt64Array BigInt64ArrayConstructor ' +
    'BigIntConstructor BigIntToLocaleStringOptions BigUint64Array BigUint64ArrayConstructor Boolean ' +
    'BooleanConstructor BuiltinIteratorReturn CallableFunction Capitalize ClassAccessorDecoratorContext ' +
    'ClassAccessorDecoratorResult ClassAccessorDecoratorTarget ClassDecorator ClassDecoratorContext ' +
    'ClassFieldDecoratorContext ClassGetterDecoratorContext ClassMemberDecoratorContext ' +
    'ClassMethodDecoratorContext ClassSetterDecoratorContext ConcatArray ConstructorParameters DataView ' +
    'DataViewConstructor Date DateConstructor DecoratorContext DecoratorMetadata DecoratorMetadataObject ' +
    'Error ErrorConstructor ErrorOptions EvalError EvalErrorConstructor Exclude Extract ' +
    'FinalizationRegistry FinalizationRegistryConstructor FlatArray Float32Array Float32ArrayConstructor ' +
    'Float64Array Float64ArrayConstructor Function FunctionConstructor Generator GeneratorFunction ' +
    'GeneratorFunctionConstructor IArguments ImportAssertions ImportAttributes ImportCallOptions ' +
    'ImportMeta Infinity InstanceType Int16Array Int16ArrayConstructor Int32Array Int32ArrayConstructor ' +
    'Int8Array Int8ArrayConstructor Intl Iterable IterableIterator Iterator IteratorObject IteratorResult ' +
    'IteratorReturnResult IteratorYieldResult JSON Lowercase Map MapConstructor MapIterator Math ' +
    'MethodDecorator NaN NewableFunction NoInfer NonNullable Number NumberConstructor Object ' +
    'ObjectConstructor Omit OmitThisParameter ParameterDecorator Parameters Partial Pick Promise ' +
    'PromiseConstructor PromiseConstructorLike PromiseFulfilledResult PromiseLike PromiseRejectedResult ' +
    'PromiseSettledResult PropertyDecorator PropertyDescriptor PropertyDescriptorMap PropertyKey Proxy ' +
    'ProxyConstructor ProxyHandler RangeError RangeErrorConstructor Readonly ReadonlyArray ReadonlyMap ' +
    'ReadonlySet Record ReferenceError ReferenceErrorConstructor Reflect RegExp RegExpConstructor ' +
    'RegExpExecArray RegExpIndicesArray RegExpMatchArray RegExpStringIterator Required ReturnType Set ' +
    'SetConstructor SetIterator SharedArrayBuffer SharedArrayBufferConstructor String StringConstructor ' +
    'StringIterator Symbol SymbolConstructor SyntaxError SyntaxErrorConstructor TemplateStringsArray ' +
    'ThisParameterType ThisType TypeError TypeErrorConstructor TypedPropertyDescriptor URIError ' +
    'URIErrorConstructor Uint16Array Uint16ArrayConstructor Uint32Array Uint32ArrayConstructor Uint8Array ' +
    'Uint8ArrayConstructor Uint8ClampedArray Uint8ClampedArrayConstructor Uncapitalize Uppercase WeakKey ' +
    'WeakKeyTypes WeakMap WeakMapConstructor WeakRef WeakRefConstructor WeakSet WeakSetConstructor'
  ).split(' '),
);

/**
 * SCHEMA_NAMES are the names each scaffolded types file imports and `generate` recognises by name
 * (controller-gen's metav1.Condition, ObjectMeta and ListMeta): a kind cannot take them.
 */
export const SCHEMA_NAMES: ReadonlySet<string> = new Set(['Condition', 'V1ObjectMeta', 'V1ListMeta']);

/** GENERATED_SUFFIXES are the suffixes of the names scaffolds and `generate` derive from a kind in its API folder. */
export const GENERATED_SUFFIXES: readonly string[] = ['Spec', 'Status', 'List', 'Resource'];

function suggestion(kind: string, group: string): string {
  if (kind.endsWith('List')) return `${kind.slice(0, -'List'.length)}Collection`;
  const prefix = (coreGroupName(group) || group)
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return `${prefix === '' ? 'My' : prefix}${kind}`.slice(0, 63);
}

/**
 * checkKindName tells why a new kind of the project cannot be scaffolded under its name: a TypeScript
 * global, a name the types file imports, a `...List` name (`generate`, like controller-gen, takes it for
 * the list of another kind), or a name that one of `siblings` (the kinds of the same API folder) derives
 * or would derive from it. The suggestion is a name that passes.
 */
export function checkKindName(kind: string, group: string, siblings: readonly string[]): NameProblem | undefined {
  const fix = suggestion(kind, group);
  if (TYPESCRIPT_GLOBALS.has(kind))
    return {
      reason: `${kind} is a TypeScript global: the kind's type would shadow the language's own in every file that imports it`,
      suggestion: fix,
    };
  if (SCHEMA_NAMES.has(kind))
    return {
      reason: `every API types file imports ${kind} (generate recognises it by name), so a kind cannot take it`,
      suggestion: fix,
    };
  if (kind.endsWith('List'))
    return {
      reason: `generate, like controller-gen, takes a type named <Kind>List for the list of <Kind>, so ${kind} would get no CRD`,
      suggestion: fix,
    };
  for (const other of siblings) {
    const suffix = GENERATED_SUFFIXES.find((s) => `${other}${s}` === kind || `${kind}${s}` === other);
    if (suffix !== undefined) {
      const [owner, derived] = `${other}${suffix}` === kind ? [other, kind] : [kind, other];
      return {
        reason: `${derived} is also the name of ${owner}'s ${suffix.toLowerCase()} type in the same API folder`,
        suggestion: fix,
      };
    }
  }
  return undefined;
}
