import { describe, expect, it } from 'vitest';
import { isUserError } from '../../../errors/user-error.js';
import { FIXTURE_OPTIONS, fixtureBaseCsv, fixtureManifests } from '../testdata/memcached-fixture.js';
import { buildBundle } from '../bundle/build-bundle.js';
import type { Obj } from '../model/objects.js';
import { pinImageDigests, withDigest } from './pin-digests.js';
import { parseImageReference, registryDigestResolver } from './registry-resolver.js';

const D = (c: string): string => `sha256:${c.repeat(64)}`;

describe('pinImageDigests', () => {
  it('pins containers, RELATED_IMAGE_ values, relatedImages and containerImage once per reference', async () => {
    const { csv } = buildBundle({ manifests: fixtureManifests(), baseCsv: fixtureBaseCsv(), options: FIXTURE_OPTIONS });
    const asked: string[] = [];
    const pinned = await pinImageDigests(csv, async (ref) => {
      asked.push(ref);
      return D(String(asked.length));
    });
    const container = pinned.spec.install.spec.deployments[0].spec.template.spec.containers[0];
    expect(container.image).toBe(`quay.io/example/memcached-operator@${D('1')}`);
    expect(container.env[0].value).toBe(`docker.io/library/memcached@${D('2')}`);
    expect(pinned.metadata.annotations.containerImage).toBe(`quay.io/example/memcached-operator@${D('1')}`);
    expect(pinned.spec.relatedImages.map((r: Obj) => r.image)).toEqual([
      `docker.io/library/busybox@${D('3')}`,
      `quay.io/example/memcached-operator@${D('1')}`,
      `docker.io/library/memcached@${D('2')}`,
    ]);
    expect(asked).toHaveLength(3);
    expect(csv.spec.install.spec.deployments[0].spec.template.spec.containers[0].image).toBe(
      'quay.io/example/memcached-operator:v0.1.0',
    );
  });
  it('rewrites references with ports, tags and digests', () => {
    expect(withDigest('localhost:5000/a/b:1', D('a'))).toBe(`localhost:5000/a/b@${D('a')}`);
    expect(withDigest('busybox', D('a'))).toBe(`busybox@${D('a')}`);
  });
});

describe('registryDigestResolver', () => {
  it('normalises Docker Hub references', () => {
    expect(parseImageReference('busybox')).toEqual({
      host: 'registry-1.docker.io',
      repository: 'library/busybox',
      reference: 'latest',
    });
    expect(parseImageReference('localhost:5000/a/b:v1')).toEqual({
      host: 'localhost:5000',
      repository: 'a/b',
      reference: 'v1',
    });
  });

  it('follows the anonymous bearer token challenge', async () => {
    const calls: string[] = [];
    const fake = (async (input: string | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.startsWith('https://auth.example/token')) return Response.json({ token: 't0k' });
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
      if (auth !== 'Bearer t0k')
        return new Response(null, {
          status: 401,
          headers: { 'www-authenticate': 'Bearer realm="https://auth.example/token",service="quay.io"' },
        });
      return new Response(null, { status: 200, headers: { 'docker-content-digest': D('b') } });
    }) as typeof fetch;
    expect(await registryDigestResolver({ fetch: fake })('quay.io/example/op:v1')).toBe(D('b'));
    expect(calls[1]).toBe('GET https://auth.example/token?service=quay.io&scope=repository%3Aexample%2Fop%3Apull');
  });

  it('hashes the manifest when the digest header is missing, and names the image on failure', async () => {
    const body = '{"schemaVersion":2}';
    const ok = (async () => new Response(body, { status: 200 })) as unknown as typeof fetch;
    expect(await registryDigestResolver({ fetch: ok })('localhost:5000/a:b')).toMatch(/^sha256:[0-9a-f]{64}$/);
    const missing = (async () => new Response(null, { status: 404 })) as unknown as typeof fetch;
    const err = await registryDigestResolver({ fetch: missing })('quay.io/x/y:z').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUserError(err) && err.message).toMatch(/quay.io\/x\/y:z: registry answered 404/);
  });
});
