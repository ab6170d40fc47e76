import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtin } from '../runtime/builtin.js';
import { ApiError, isNotFound } from '../runtime/rest/api-error.js';
import { findBinaryAssets, isBinaryAssets } from './binaries.js';
import { directClient } from './direct-client.js';
import { consistently, eventually } from './eventually.js';
import { startTestEnv, type TestEnv } from './test-env.js';

// Runs against the real kube-apiserver and etcd; skipped (saying why) when they are not installed.
const assets = findBinaryAssets();
const missing = isBinaryAssets(assets) ? undefined : assets.missing;
if (missing !== undefined) console.warn(`directClient tests SKIPPED:\n${missing}`);

describe.skipIf(missing !== undefined)('directClient', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await startTestEnv({ attachControlPlaneOutput: false });
  }, 120_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('reads and writes straight to the API server as the admin user', async () => {
    const k8s = directClient(env);
    const created = await k8s.create(builtin.ConfigMap, {
      metadata: { name: 'direct', namespace: 'default' },
      data: { a: '1' },
    });
    expect(typeof created.metadata?.creationTimestamp).toBe('string');
    expect((await k8s.get(builtin.ConfigMap, { namespace: 'default', name: 'direct' })).data).toEqual({ a: '1' });
    await k8s.patch(
      builtin.ConfigMap,
      { namespace: 'default', name: 'direct' },
      { type: 'merge', data: { data: { a: '2' } } },
    );
    // No cache: the next read sees the write.
    expect((await k8s.get(builtin.ConfigMap, { namespace: 'default', name: 'direct' })).data).toEqual({ a: '2' });
    await k8s.delete(builtin.ConfigMap, { namespace: 'default', name: 'direct' });
    await eventually(async () => {
      await expect(k8s.get(builtin.ConfigMap, { namespace: 'default', name: 'direct' })).rejects.toSatisfy(isNotFound);
    });
  });

  it('lists by matchingFields with a field selector where the API server supports it, and explains where it does not', async () => {
    const k8s = directClient(env);
    await k8s.create(builtin.ConfigMap, { metadata: { name: 'selected', namespace: 'default' } });
    await k8s.create(builtin.ConfigMap, { metadata: { name: 'other', namespace: 'default' } });
    const found = await k8s.list(builtin.ConfigMap, {
      namespace: 'default',
      matchingFields: { 'metadata.name': 'selected' },
    });
    expect(found.map((cm) => cm.metadata?.name)).toEqual(['selected']);
    const err = await k8s
      .list(builtin.ConfigMap, { matchingFields: { '.metadata.controller': 'x' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toMatch(
      /^configmaps cannot be listed by field \.metadata\.controller from the API server \("\.metadata\.controller" is not a known field selector: only "metadata\.name", "metadata\.namespace"\): this client reads live/,
    );
  });

  it('acts as a user from addUser, subject to RBAC', async () => {
    const user = await env.addUser({ name: 'nobody' });
    const k8s = directClient(user);
    const err = await k8s.list(builtin.ConfigMap, { namespace: 'default' }).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe(403);
    // Nothing grants access later either.
    await consistently(async () => {
      await expect(k8s.get(builtin.Namespace, { name: 'default' })).rejects.toBeInstanceOf(ApiError);
    });
  });
});
