import { describe, expect, it } from 'vitest';
import { keyToRequest, objectToRequest, requestToKey } from './request-key.js';

describe('request keys', () => {
  it('round-trips namespaced and cluster-scoped requests', () => {
    expect(requestToKey({ namespace: 'ns', name: 'a' })).toBe('ns/a');
    expect(requestToKey({ namespace: '', name: 'node-1' })).toBe('node-1');
    expect(keyToRequest('ns/a')).toEqual({ namespace: 'ns', name: 'a' });
    expect(keyToRequest('node-1')).toEqual({ namespace: '', name: 'node-1' });
  });

  it('maps objects to requests', () => {
    expect(objectToRequest({ metadata: { namespace: 'ns', name: 'a' } })).toEqual({ namespace: 'ns', name: 'a' });
    expect(objectToRequest({ metadata: { name: 'c' } })).toEqual({ namespace: '', name: 'c' });
    expect(objectToRequest({ metadata: {} })).toBeUndefined();
  });
});
