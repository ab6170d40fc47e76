import { describe, expect, it } from 'vitest';
import { builtin } from '../builtin.js';
import { MissingIndexError } from '../cache/field-index.js';
import { newClient } from '../client/kube-client.js';
import { RestClient } from '../rest/rest-client.js';
import { FakeCache } from './cache.js';

const unusedRest = new RestClient({
  request: () => Promise.reject(new Error('no API server in this test')),
  stream: () => Promise.reject(new Error('no API server in this test')),
});

describe('FakeCache field indexes', () => {
  it('serve matchingFields of a client over the fake cache, namespace-aware, and refuse unknown indexes', async () => {
    const cache = new FakeCache();
    cache.indexField(builtin.Pod, 'spec.nodeName', (pod) =>
      pod.spec?.nodeName === undefined ? [] : [pod.spec.nodeName],
    );
    const pods = cache.informer(builtin.Pod);
    pods.set({ metadata: { namespace: 'a', name: 'p1' }, spec: { containers: [], nodeName: 'n1' } });
    pods.set({ metadata: { namespace: 'b', name: 'p2' }, spec: { containers: [], nodeName: 'n1' } });
    pods.set({ metadata: { namespace: 'a', name: 'p3' }, spec: { containers: [], nodeName: 'n2' } });
    const client = newClient({ rest: unusedRest, cache, fieldManager: 'test' });
    const names = async (namespace?: string) =>
      (
        await client.list(builtin.Pod, {
          ...(namespace === undefined ? {} : { namespace }),
          matchingFields: { 'spec.nodeName': 'n1' },
        })
      )
        .map((p) => p.metadata?.name)
        .sort();
    expect(await names()).toEqual(['p1', 'p2']);
    expect(await names('a')).toEqual(['p1']);
    expect(() => pods.byIndex('field:spec.other', 'x')).toThrow(MissingIndexError);
    await expect(client.list(builtin.Pod, { matchingFields: { 'spec.other': 'x' } })).rejects.toThrow(
      /^Index with name field:spec\.other does not exist/,
    );
    expect(() => cache.indexField(builtin.Pod, 'spec.nodeName', () => [])).toThrow(/indexer conflict/);
  });
});
