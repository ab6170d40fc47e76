import { createHash } from 'node:crypto';
import type https from 'node:https';

/** TlsMaterial is the part of request options that decides which TLS connection pool a request may use. */
export type TlsMaterial = Pick<
  https.RequestOptions,
  'ca' | 'cert' | 'key' | 'pfx' | 'passphrase' | 'rejectUnauthorized' | 'servername'
>;

const FIELDS = ['ca', 'cert', 'key', 'pfx', 'passphrase', 'rejectUnauthorized', 'servername'] as const;

/** tlsMaterialOf picks the TLS fields of request options. */
export function tlsMaterialOf(opts: https.RequestOptions): TlsMaterial {
  return {
    ca: opts.ca,
    cert: opts.cert,
    key: opts.key,
    pfx: opts.pfx,
    passphrase: opts.passphrase,
    rejectUnauthorized: opts.rejectUnauthorized,
    servername: opts.servername,
  };
}

/**
 * sameTlsMaterial tells whether two sets of TLS material are byte for byte equal. Credentials are applied
 * to every request, usually as fresh Buffers of unchanged bytes: comparing them costs a memcmp, where
 * hashing them again (what {@link tlsMaterialKey} does) costs far more on the request hot path.
 */
export function sameTlsMaterial(a: TlsMaterial, b: TlsMaterial): boolean {
  return FIELDS.every((f) => sameValue(a[f], b[f]));
}

function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (Buffer.isBuffer(x) && Buffer.isBuffer(y)) return x.equals(y);
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => sameValue(v, y[i]));
  if (x !== null && y !== null && typeof x === 'object' && typeof y === 'object') {
    const kx = Object.keys(x);
    const ky = Object.keys(y);
    return (
      kx.length === ky.length &&
      kx.every((k) => sameValue((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]))
    );
  }
  return false;
}

/** tlsMaterialKey is a digest of TLS material: equal material, equal key; any changed byte, another key. */
export function tlsMaterialKey(tls: TlsMaterial): string {
  const hash = createHash('sha256');
  const feed = (v: unknown): void => {
    if (v === undefined || v === null) hash.update('\u0000u');
    else if (Buffer.isBuffer(v) || typeof v === 'string') {
      // Length-prefixed so that no two different sequences of values hash the same input.
      hash.update(`\u0000b${v.length}:`);
      hash.update(v);
    } else if (Array.isArray(v)) {
      hash.update(`\u0000a${v.length}`);
      v.forEach(feed);
    } else if (typeof v === 'object') {
      const entries = Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1));
      hash.update(`\u0000o${entries.length}`);
      for (const [k, val] of entries) {
        feed(k);
        feed(val);
      }
    } else hash.update(`\u0000p${String(v)}`);
  };
  for (const f of FIELDS) feed(tls[f]);
  return hash.digest('hex');
}
