import { describe, expect, it } from 'vitest';
import { sameTlsMaterial, tlsMaterialKey } from './tls-material.js';

describe('TLS material identity', () => {
  const material = () => ({
    ca: Buffer.from('CA'),
    cert: Buffer.from('CERT'),
    key: Buffer.from('KEY'),
    rejectUnauthorized: true,
  });

  it('treats fresh Buffers with the same bytes as the same material, with the same key', () => {
    expect(sameTlsMaterial(material(), material())).toBe(true);
    expect(tlsMaterialKey(material())).toBe(tlsMaterialKey(material()));
  });

  it('tells material apart when any field changes', () => {
    const variants = [
      { ...material(), cert: Buffer.from('CERT2') },
      { ...material(), key: 'KEY2' },
      { ...material(), ca: [Buffer.from('CA')] },
      { ...material(), rejectUnauthorized: false },
      { ...material(), servername: 'api' },
      { ...material(), pfx: [{ buf: Buffer.from('P'), passphrase: 'x' }] },
    ];
    const keys = new Set([tlsMaterialKey(material()), ...variants.map(tlsMaterialKey)]);
    expect(keys.size).toBe(variants.length + 1);
    for (const v of variants) expect(sameTlsMaterial(material(), v)).toBe(false);
  });

  it('does not confuse values that only concatenate alike', () => {
    expect(tlsMaterialKey({ ca: 'AB', cert: 'C' })).not.toBe(tlsMaterialKey({ ca: 'A', cert: 'BC' }));
  });
});
