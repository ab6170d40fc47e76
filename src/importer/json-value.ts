/** JsonObject is a parsed JSON/YAML mapping. */
export type JsonObject = Record<string, unknown>;

/** isJsonObject tells whether a value is a mapping (not null, not a list). */
export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** canonicalJson renders a value with sorted keys, so that equal values give equal strings. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (isJsonObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

/** sameJson compares two JSON values structurally (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** sameSet compares two lists as sets of JSON values of equal length (a duplicate makes lists differ). */
export function sameSet(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  const x = a.map(canonicalJson).sort();
  const y = b.map(canonicalJson).sort();
  return x.every((v, i) => v === y[i]);
}

/** withoutDescriptions copies a schema tree without its `description` keywords, to compare two trees whatever their documentation. */
export function withoutDescriptions(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutDescriptions);
  if (!isJsonObject(v)) return v;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) if (k !== 'description') out[k] = withoutDescriptions(x);
  return out;
}
