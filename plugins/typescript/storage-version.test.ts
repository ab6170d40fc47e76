import { describe, expect, it } from 'vitest';
import { markStorageVersion } from './storage-version.js';

const TYPES = `/**
 * Memcached is the Schema.
 * +kubebuilder:object:root=true
 * +kubebuilder:subresource:status
 */
export interface Memcached {
  spec: MemcachedSpec;
}
`;

describe('markStorageVersion', () => {
  it('adds the marker after the root marker of the kind', () => {
    expect(markStorageVersion(TYPES, 'Memcached')).toBe(
      TYPES.replace(
        ' * +kubebuilder:subresource:status',
        ' * +kubebuilder:storageversion\n * +kubebuilder:subresource:status',
      ),
    );
  });

  it('is idempotent', () => {
    const once = markStorageVersion(TYPES, 'Memcached') ?? '';
    expect(markStorageVersion(once, 'Memcached')).toBe(once);
  });

  it('gives up when the declaration or its JSDoc is gone', () => {
    expect(markStorageVersion('export interface Other {}\n', 'Memcached')).toBeUndefined();
    expect(markStorageVersion('// x\nexport interface Memcached {}\n', 'Memcached')).toBeUndefined();
  });
});
