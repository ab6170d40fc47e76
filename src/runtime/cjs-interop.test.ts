import { describe, expect, it } from 'vitest';
import { namedExports } from './cjs-interop.js';

describe('namedExports', () => {
  it('reads named exports as Node.js gives them, and from `default` as a split bundle’s chunk gives them', async () => {
    const native = { X509CertificateGenerator: 'gen', default: { X509CertificateGenerator: 'gen' } };
    expect(namedExports(native, 'X509CertificateGenerator')).toBe(native);
    // What esbuild's chunk of a CommonJS package exports: `export default require_x()`.
    const exportsObject = { X509CertificateGenerator: 'gen' };
    const chunk = { default: exportsObject } as unknown as typeof exportsObject;
    expect(namedExports(chunk, 'X509CertificateGenerator')).toBe(exportsObject);
    // The real package, as this process loads it (after the Reflect shim it needs).
    await import('./metrics/server/reflect-shim.js');
    const x509 = namedExports(await import('@peculiar/x509'), 'X509CertificateGenerator');
    expect(typeof x509.X509CertificateGenerator.createSelfSigned).toBe('function');
  });

  it('says which export is missing', () => {
    expect(() => namedExports({ default: {} } as { a?: number }, 'a')).toThrow('the loaded module has no export "a"');
  });
});
