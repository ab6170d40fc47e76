/**
 * The runtime hands out objects as the API server sends them: decoded JSON, where a `metav1.Time` or
 * `metav1.MicroTime` is an RFC 3339 string. @kubernetes/client-node's models declare those fields as
 * `Date` (its own ObjectSerializer turns them into Dates; the runtime does not use it), so `Wire<T>` is the
 * type of what actually arrives, and `WithDates<T>` what a write may send.
 */

declare const timestampBrand: unique symbol;

/**
 * Timestamp is an RFC 3339 date-time string as the API server writes `metav1.Time`
 * (`2026-01-02T15:04:05Z`) and `metav1.MicroTime` (`2026-01-02T15:04:05.000000Z`). It is a plain string at
 * runtime (read it with `new Date(ts)` or `Date.parse(ts)`); the optional brand only lets {@link WithDates}
 * tell timestamps from other strings.
 */
export type Timestamp = string & { readonly [timestampBrand]?: 'Timestamp' };

type Primitive = string | number | boolean | bigint | symbol | null | undefined;

/**
 * Wire is `T` as it travels to and from the API server: every `Date` in it (deeply, through arrays and
 * records) is a {@link Timestamp}. Descriptors from `defineResource` and `builtin` carry wire types, so
 * what the client, the cache, watches, handlers and webhooks return type-checks against what runs:
 * `new Date(job.status.startTime)` compiles, `job.status.startTime.getTime()` does not.
 */
export type Wire<T> =
  IsOpen<T> extends true
    ? T
    : T extends Date
      ? Timestamp
      : T extends Primitive
        ? T
        : T extends (...args: never[]) => unknown
          ? T
          : { [K in keyof T]: Wire<T[K]> };

/** IsOpen is true for `any` and `unknown`, which say nothing about Dates and are left as they are. */
type IsOpen<T> = 0 extends 1 & T ? true : unknown extends T ? true : false;

type IsTimestamp<T> = (<G>() => G extends T ? 1 : 2) extends <G>() => G extends Timestamp ? 1 : 2 ? true : false;

/**
 * WithDates is a wire type in which every {@link Timestamp} may also be a `Date`: what create, update
 * and apply accept, so that objects typed with client-node's models (`V1Job`) and objects read from the
 * API server are both written as they are. Dates are sent as RFC 3339 with microseconds, which both
 * `metav1.Time` and `metav1.MicroTime` fields accept.
 */
export type WithDates<T> =
  IsOpen<T> extends true
    ? T
    : T extends Date
      ? T
      : T extends string
        ? IsTimestamp<T> extends true
          ? T | Date
          : T
        : T extends Primitive
          ? T
          : T extends (...args: never[]) => unknown
            ? T
            : { [K in keyof T]: WithDates<T[K]> };

/** formatWireTime renders a Date as the API server parses any timestamp: RFC 3339, UTC, six fraction digits. */
export function formatWireTime(date: Date): string {
  return date.toISOString().replace(/(\.\d{3})Z$/, '$1000Z');
}

/**
 * encodeDates returns `value` with every Date in it (deeply) replaced by {@link formatWireTime}'s string.
 * Only the objects and arrays on the way to a Date are copied; a value without Dates is returned as is,
 * so writes of decoded JSON pay one walk and no allocation. `JSON.stringify` alone would send Dates with
 * milliseconds, which `metav1.MicroTime` fields (Event, Lease) reject.
 */
export function encodeDates<T>(value: T): T {
  return encode(value, 0) as T;
}

/** MAX_DEPTH bounds the walk; deeper values are left to JSON.stringify (and a cycle fails there, as it would anyway). */
const MAX_DEPTH = 64;

function encode(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return formatWireTime(value);
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const encoded = encode(item, depth + 1);
      if (encoded !== item) {
        out ??= value.slice();
        out[i] = encoded;
      }
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const encoded = encode(item, depth + 1);
    if (encoded !== item) {
      out ??= { ...record };
      out[key] = encoded;
    }
  }
  return out ?? value;
}
