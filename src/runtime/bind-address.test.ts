import { describe, expect, it } from 'vitest';
import { parseBindAddress } from './bind-address.js';

describe('parseBindAddress', () => {
  it.each([
    [':8081', { host: undefined, port: 8081 }],
    ['127.0.0.1:8080', { host: '127.0.0.1', port: 8080 }],
    ['[::1]:8443', { host: '::1', port: 8443 }],
    ['localhost:0', { host: 'localhost', port: 0 }],
  ])('%s', (value, expected) => {
    expect(parseBindAddress(value, 'metrics')).toEqual(expected);
  });

  it('treats 0 and empty as disabled', () => {
    expect(parseBindAddress('0', 'metrics')).toBeUndefined();
    expect(parseBindAddress('', 'metrics')).toBeUndefined();
    expect(parseBindAddress(undefined, 'metrics')).toBeUndefined();
  });

  it.each(['8080', 'host', ':99999', '::1:80'])('rejects %s', (value) => {
    expect(() => parseBindAddress(value, 'metrics')).toThrow(/metrics bind address .* is invalid/);
  });
});
