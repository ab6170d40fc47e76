import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log/logger.js';
import type { KubernetesObject } from '../resource.js';
import type { Wire } from '../wire.js';
import { ConversionRegistry, type ConversionReview } from './conversion.js';

interface V1Memcached extends KubernetesObject {
  spec?: { size?: number; image?: string };
  status?: { nodes?: string[] };
}
interface V2Memcached extends KubernetesObject {
  spec?: { replicas?: number; container?: { image?: string } };
  status?: { nodes?: string[] };
}
interface V3Memcached extends KubernetesObject {
  spec?: { replicaCount?: number; image?: string };
}

function registry(): ConversionRegistry {
  const r = new ConversionRegistry();
  r.add('cache.example.com', 'Memcached', {
    hub: 'v2',
    spokes: {
      v1: {
        toHub: (o: Wire<V1Memcached>): Wire<V2Memcached> => ({
          ...o,
          spec: { replicas: o.spec?.size, container: { image: o.spec?.image } },
        }),
        fromHub: (h: Wire<V2Memcached>): Wire<V1Memcached> => ({
          ...h,
          spec: { size: h.spec?.replicas, image: h.spec?.container?.image },
        }),
      },
      v3: {
        toHub: (o: Wire<V3Memcached>): Wire<V2Memcached> => ({
          ...o,
          spec: { replicas: o.spec?.replicaCount, container: { image: o.spec?.image } },
        }),
        fromHub: (h: Wire<V2Memcached>): Wire<V3Memcached> => ({
          ...h,
          metadata: { name: 'renamed', labels: { converted: 'yes' } },
          spec: { replicaCount: h.spec?.replicas, image: h.spec?.container?.image },
        }),
      },
    },
  });
  return r;
}

const fixture = (): ConversionReview =>
  JSON.parse(readFileSync(new URL('./testdata/conversion-v1-to-v2.json', import.meta.url), 'utf8')) as ConversionReview;
const ctx = { signal: new AbortController().signal, log: silentLogger() };

describe('ConversionRegistry', () => {
  it('converts spoke to hub and passes hub objects through, keeping metadata', async () => {
    const res = (await registry().handler()(fixture(), ctx)) as ConversionReview;
    expect(res.apiVersion).toBe('apiextensions.k8s.io/v1');
    expect(res.kind).toBe('ConversionReview');
    expect(res.response?.uid).toBe('705ab4f5-6393-11e8-b7cc-42010a800002');
    expect(res.response?.result).toEqual({ status: 'Success' });
    const [a, b] = res.response!.convertedObjects as V2Memcached[];
    expect(a).toEqual({
      apiVersion: 'cache.example.com/v2',
      kind: 'Memcached',
      metadata: fixture().request!.objects[0]!.metadata,
      spec: { replicas: 3, container: { image: 'memcached:1.6' } },
      status: { nodes: ['a', 'b'] },
    });
    expect(b).toEqual(fixture().request!.objects[1]);
  });

  it('converts hub to spoke and spoke to spoke through the hub; only labels and annotations may change in metadata', async () => {
    const review = fixture();
    review.request!.desiredAPIVersion = 'cache.example.com/v3';
    const res = (await registry().handler()(review, ctx)) as ConversionReview;
    expect(res.response?.result.status).toBe('Success');
    const [fromV1, fromV2] = res.response!.convertedObjects as V3Memcached[];
    expect(fromV1?.apiVersion).toBe('cache.example.com/v3');
    expect(fromV1?.spec).toEqual({ replicaCount: 3, image: 'memcached:1.6' });
    expect(fromV1?.metadata?.name).toBe('memcached-1');
    expect(fromV1?.metadata?.uid).toBe('e2f0b9aa-6393-11e8-b7cc-42010a800002');
    expect(fromV1?.metadata?.labels).toEqual({ converted: 'yes' });
    expect(fromV2?.spec).toEqual({ replicaCount: 2, image: 'memcached:1.6' });

    const back = fixture();
    back.request!.desiredAPIVersion = 'cache.example.com/v1';
    back.request!.objects = [res.response!.convertedObjects[0] as KubernetesObject];
    const round = (await registry().handler()(back, ctx)) as ConversionReview;
    expect((round.response!.convertedObjects[0] as V1Memcached).spec).toEqual({ size: 3, image: 'memcached:1.6' });
  });

  it('fails clearly for unknown versions, kinds and groups', async () => {
    const unknownVersion = fixture();
    unknownVersion.request!.desiredAPIVersion = 'cache.example.com/v9';
    const r1 = (await registry().handler()(unknownVersion, ctx)) as ConversionReview;
    expect(r1.response).toMatchObject({
      uid: '705ab4f5-6393-11e8-b7cc-42010a800002',
      convertedObjects: [],
      result: { status: 'Failure' },
    });
    expect(r1.response?.result.message).toContain('version "v9" is not convertible: known versions are v2, v1, v3');

    const unknownKind = fixture();
    unknownKind.request!.objects[0]!.kind = 'Redis';
    const r2 = (await registry().handler()(unknownKind, ctx)) as ConversionReview;
    expect(r2.response?.result.message).toBe('no conversion registered for Redis.cache.example.com');

    const otherGroup = fixture();
    otherGroup.request!.desiredAPIVersion = 'other.example.com/v2';
    const r3 = (await registry().handler()(otherGroup, ctx)) as ConversionReview;
    expect(r3.response?.result.status).toBe('Failure');

    const r4 = (await registry().handler()({ kind: 'AdmissionReview' }, ctx)) as ConversionReview;
    expect(r4.response?.result.status).toBe('Failure');
  });

  it('reports a throwing converter as Failure', async () => {
    const r = new ConversionRegistry();
    r.add('cache.example.com', 'Memcached', {
      hub: 'v2',
      spokes: {
        v1: {
          toHub: () => {
            throw new Error('spec.size is not a number');
          },
          fromHub: (h) => h,
        },
      },
    });
    const res = (await r.handler()(fixture(), ctx)) as ConversionReview;
    expect(res.response?.result).toEqual({ status: 'Failure', message: 'spec.size is not a number' });
  });

  it('refuses a hub that is also a spoke and duplicate kinds', () => {
    const r = registry();
    expect(() => r.add('cache.example.com', 'Memcached', { hub: 'v2', spokes: {} })).toThrow(/already registered/);
    expect(() =>
      new ConversionRegistry().add('g', 'K', { hub: 'v1', spokes: { v1: { toHub: (o) => o, fromHub: (o) => o } } }),
    ).toThrow(/cannot also be a spoke/);
  });
});
