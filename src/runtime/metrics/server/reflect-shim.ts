/**
 * @peculiar/x509 loads tsyringe, which throws at import time unless `Reflect.getMetadata` exists (normally
 * from the `reflect-metadata` package, which operator-ts does not depend on). Importing this module first
 * defines the metadata functions tsyringe uses, backed by a WeakMap, unless a polyfill is already there.
 */
interface MetadataReflect {
  getMetadata?: (key: unknown, target: object, property?: string | symbol) => unknown;
  getOwnMetadata?: (key: unknown, target: object, property?: string | symbol) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: object, property?: string | symbol) => void;
  hasMetadata?: (key: unknown, target: object, property?: string | symbol) => boolean;
}

const target = Reflect as unknown as MetadataReflect;

if (typeof target.getMetadata !== 'function') {
  const metadata = new WeakMap<object, Map<string, unknown>>();
  const slot = (key: unknown, property: string | symbol | undefined): string =>
    `${String(property ?? '')}\u0000${String(key)}`;
  const own = (obj: object, key: unknown, property?: string | symbol): { found: boolean; value: unknown } => {
    const entries = metadata.get(obj);
    const k = slot(key, property);
    return entries?.has(k) === true ? { found: true, value: entries.get(k) } : { found: false, value: undefined };
  };
  target.defineMetadata = (key, value, obj, property) => {
    let entries = metadata.get(obj);
    if (entries === undefined) metadata.set(obj, (entries = new Map<string, unknown>()));
    entries.set(slot(key, property), value);
  };
  target.getOwnMetadata = (key, obj, property) => own(obj, key, property).value;
  target.getMetadata = (key, obj, property) => {
    for (let o: object | null = obj; o !== null; o = Object.getPrototypeOf(o) as object | null) {
      const hit = own(o, key, property);
      if (hit.found) return hit.value;
    }
    return undefined;
  };
  target.hasMetadata = (key, obj, property) => target.getMetadata!(key, obj, property) !== undefined;
}

export {};
