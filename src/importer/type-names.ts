import { flectSingularize } from '../model/plural.js';

/** RESERVED_NAMES are names the imported files import, so no declared type may take them. */
export const RESERVED_NAMES: readonly string[] = [
  'V1ObjectMeta',
  'Condition',
  'int32',
  'int64',
  'float64',
  'Time',
  'Bytes',
  'Quantity',
  'IntOrString',
  'JSONValue',
  'RawExtension',
];

/** pascalWord turns a JSON field name into a PascalCase type-name part (`ipAddresses` -> `IpAddresses`, `tls-config` -> `TlsConfig`). */
export function pascalWord(name: string): string {
  const parts = name.split(/[^A-Za-z0-9]+/).filter((p) => p.length > 0);
  const word = parts.map((p) => `${p[0]?.toUpperCase() ?? ''}${p.slice(1)}`).join('');
  if (word === '') return 'Field';
  return /^[0-9]/.test(word) ? `N${word}` : word;
}

/** itemWord names the element type of a list field: the singular of its name as flect gives it (`conditions` -> `Condition`), or `<Name>Item`. */
export function itemWord(name: string): string {
  const singular = flectSingularize(name);
  // flect lengthens a few words it takes for acronyms or Latin plurals (`https` -> `httpsHTTPS`, `extra` ->
  // `extrum`); a singular is never longer than its plural, so such an answer names the item `<Name>Item`.
  return singular !== name && singular.length > 0 && singular.length <= name.length
    ? pascalWord(singular)
    : `${pascalWord(name)}Item`;
}

/** TypeNames hands out unique TypeScript type names in the order they are asked for, so output is stable. */
export class TypeNames {
  private readonly used = new Set<string>(RESERVED_NAMES);

  /**
   * claim returns `wanted`, or `wanted2`, `wanted3`... when it is taken, spelt as json-schema-to-typescript
   * declares it: the compiler upper-cases a letter that follows digits (`K8s` -> `K8S`), and references
   * must use the declared spelling.
   */
  claim(wanted: string): string {
    const spelt = wanted.replace(/[0-9]+[a-z]/g, (m) => m.toUpperCase());
    let name = spelt;
    for (let i = 2; this.used.has(name); i++) name = `${spelt}${i}`;
    this.used.add(name);
    return name;
  }

  /** snapshot records the names handed out so far, for {@link TypeNames.restore}. */
  snapshot(): ReadonlySet<string> {
    return new Set(this.used);
  }

  /** restore forgets the names handed out since the snapshot (a plan that was abandoned). */
  restore(snapshot: ReadonlySet<string>): void {
    this.used.clear();
    for (const n of snapshot) this.used.add(n);
  }
}
