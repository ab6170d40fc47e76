import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { loadKubeConfigClass } from './client-node.js';

describe('loadKubeConfigClass', () => {
  it('returns the very KubeConfig class that the client-node package exports', () => {
    // The loader names client-node's config module, not the index (see client-node.ts): after an upgrade
    // of the pinned client-node this fails if the class moved.
    expect(loadKubeConfigClass()).toBe(KubeConfig);
  });
});
