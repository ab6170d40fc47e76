/**
 * @peculiar/x509 depends on tsyringe, which refuses to load unless a `Reflect.getMetadata` polyfill
 * (normally the `reflect-metadata` package, not a dependency of operator-ts) is installed. This module installs
 * the three functions tsyringe calls, only when no polyfill is present, and must be imported before
 * @peculiar/x509. Metadata lives in a WeakMap, so nothing leaks when classes are collected.
 */
type MetadataTable = Map<unknown, unknown>;

interface ReflectWithMetadata {
  getMetadata?: (key: unknown, target: object, property?: string | symbol) => unknown;
  getOwnMetadata?: (key: unknown, target: object, property?: string | symbol) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: object, property?: string | symbol) => void;
}

const reflect = Reflect as unknown as ReflectWithMetadata;

if (typeof reflect.getMetadata !== 'function') {
  const store = new WeakMap<object, Map<string | symbol | undefined, MetadataTable>>();
  const table = (target: object, property: string | symbol | undefined, create: boolean): MetadataTable | undefined => {
    let byProperty = store.get(target);
    if (byProperty === undefined) {
      if (!create) return undefined;
      byProperty = new Map();
      store.set(target, byProperty);
    }
    let entries = byProperty.get(property);
    if (entries === undefined && create) {
      entries = new Map();
      byProperty.set(property, entries);
    }
    return entries;
  };
  reflect.defineMetadata = (key, value, target, property) => {
    table(target, property, true)?.set(key, value);
  };
  reflect.getOwnMetadata = (key, target, property) => table(target, property, false)?.get(key);
  reflect.getMetadata = (key, target, property) => {
    for (let t: object | null = target; t !== null; t = Object.getPrototypeOf(t) as object | null) {
      const entries = table(t, property, false);
      if (entries?.has(key)) return entries.get(key);
    }
    return undefined;
  };
}

export {};
