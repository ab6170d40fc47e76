import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../client/client.js';
import { FakeClient } from '../fake/client.js';
import { newLogger } from '../log/logger.js';
import type { ReconcileContext } from '../reconcile/reconcile.js';
import { builtin } from '../builtin.js';
import { isNotFound } from '../rest/api-error.js';
import type { Patch } from '../rest/rest-client.js';
import { defineResource, type KubernetesObject, type ObjectKey, type ResourceDescriptor } from '../resource.js';
import { FAILED, helmReleaseReconciler, type HelmReleaseObject } from './release-reconciler.js';

// The reconciler against the fake client, with a stand-in for the Helm CLI that prints a fixed render
// (the real Helm renders real charts in e2e/helm/hybrid.test.ts): what is recorded when the API server
// refuses an object half way through the apply.

const WebApp = defineResource<HelmReleaseObject>({
  group: 'web.example.com',
  version: 'v1',
  kind: 'WebApp',
  plural: 'webapps',
  namespaced: true,
});
const FINALIZER = 'web.example.com/helm-release';
const key = { namespace: 'default', name: 'shop' };
const dir = mkdtempSync(join(tmpdir(), 'ots-helm-release-'));
const helm = join(dir, 'helm');
writeFileSync(helm, `#!/bin/sh\ncat "${join(dir, 'render.yaml')}"\n`);
chmodSync(helm, 0o755);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const object = (apiVersion: string, kind: string, name: string): string =>
  `---\napiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n`;
const render = (...objects: string[]): void => writeFileSync(join(dir, 'render.yaml'), objects.join(''));
const SA = object('v1', 'ServiceAccount', 'shop-sa');
const CM = object('v1', 'ConfigMap', 'shop-config');
const SVC = `${object('v1', 'Service', 'shop-svc')}spec:\n  ports:\n  - port: 80\n`;
const DEPLOY = object('apps/v1', 'Deployment', 'shop-web');

/** RefusingClient is the fake client whose API server refuses the apply of one kind, as it refuses an invalid object. */
class RefusingClient extends FakeClient {
  refuse: string | undefined;
  refuseDelete = false;
  override async delete(...args: Parameters<Client['delete']>): Promise<void> {
    if (this.refuseDelete) throw new Error('serviceaccounts "shop-sa" is forbidden');
    return super.delete(...args);
  }
  override async patch<T extends KubernetesObject>(
    resource: ResourceDescriptor<T>,
    k: ObjectKey,
    patch: Patch,
    options?: Parameters<Client['patch']>[3],
  ): Promise<T> {
    if (patch.type === 'apply' && resource.kind === this.refuse)
      throw new Error(`${resource.kind} "${k.name}" is invalid`);
    return super.patch(resource, k, patch, options);
  }
}

const ctx = (): ReconcileContext => ({
  log: newLogger({ level: 'silent' }),
  signal: new AbortController().signal,
  reconcileID: 'r',
  controller: 'webapp',
});
const entries = (o: HelmReleaseObject): string[] => (o.status?.inventory ?? []).map((e) => `${e.kind}/${e.name}`);
const exists = async (client: Client, r: ResourceDescriptor, name: string): Promise<boolean> =>
  client.get(r, { namespace: 'default', name }).then(
    () => true,
    (err: unknown) => (isNotFound(err) ? false : Promise.reject(err)),
  );

describe('helmReleaseReconciler when an apply fails part way', () => {
  let client: RefusingClient;
  const reconciler = (): ReturnType<typeof helmReleaseReconciler> =>
    helmReleaseReconciler({ client, resource: WebApp, chart: dir, helm, finalizer: FINALIZER });

  beforeEach(async () => {
    client = new RefusingClient();
    await client.create(WebApp, { apiVersion: WebApp.apiVersion, kind: 'WebApp', metadata: { ...key }, spec: {} });
  });

  it('records the objects applied before the refusal, so that deleting the owner deletes them', async () => {
    render(SA, CM, SVC, DEPLOY);
    client.refuse = 'Service';
    await expect(reconciler().reconcile(ctx(), key)).rejects.toThrow('Service "shop-svc" is invalid');
    const failed = await client.get(WebApp, key);
    expect(failed.status?.conditions?.find((c) => c.type === FAILED)).toMatchObject({
      status: 'True',
      reason: 'ApplyFailed',
    });
    expect(entries(failed)).toEqual(['ConfigMap/shop-config', 'ServiceAccount/shop-sa']);
    expect(await exists(client, builtin.ServiceAccount, 'shop-sa')).toBe(true);

    await client.delete(WebApp, key);
    await reconciler().reconcile(ctx(), key);
    expect(await exists(client, builtin.ServiceAccount, 'shop-sa')).toBe(false);
    expect(await exists(client, builtin.ConfigMap, 'shop-config')).toBe(false);
    expect(await client.get(WebApp, key).catch((err: unknown) => (isNotFound(err) ? 'gone' : err))).toBe('gone');
  });

  it('keeps the previous inventory beside what was applied: nothing is pruned or forgotten', async () => {
    render(SA, SVC, DEPLOY);
    await reconciler().reconcile(ctx(), key);
    expect(entries(await client.get(WebApp, key))).toEqual([
      'Service/shop-svc',
      'ServiceAccount/shop-sa',
      'Deployment/shop-web',
    ]);
    // The next render drops the ServiceAccount and adds a ConfigMap; the Deployment is refused.
    render(CM, SVC, DEPLOY);
    client.refuse = 'Deployment';
    await expect(reconciler().reconcile(ctx(), key)).rejects.toThrow('Deployment "shop-web" is invalid');
    expect(entries(await client.get(WebApp, key))).toEqual([
      'ConfigMap/shop-config',
      'Service/shop-svc',
      'ServiceAccount/shop-sa',
      'Deployment/shop-web',
    ]);
    expect(await exists(client, builtin.ServiceAccount, 'shop-sa')).toBe(true);

    // Once the apply goes through, the ServiceAccount is pruned and the inventory is the render's.
    client.refuse = undefined;
    await reconciler().reconcile(ctx(), key);
    expect(entries(await client.get(WebApp, key))).toEqual([
      'ConfigMap/shop-config',
      'Service/shop-svc',
      'Deployment/shop-web',
    ]);
    expect(await exists(client, builtin.ServiceAccount, 'shop-sa')).toBe(false);
  });

  it('records what it applied when a prune fails, keeping the entries it could not prune', async () => {
    render(SA, SVC);
    await reconciler().reconcile(ctx(), key);
    render(CM, SVC);
    client.refuseDelete = true;
    await expect(reconciler().reconcile(ctx(), key)).rejects.toThrow('serviceaccounts "shop-sa" is forbidden');
    const failed = await client.get(WebApp, key);
    expect(failed.status?.conditions?.find((c) => c.type === FAILED)).toMatchObject({
      status: 'True',
      reason: 'PruneFailed',
    });
    expect(entries(failed)).toEqual(['ConfigMap/shop-config', 'Service/shop-svc', 'ServiceAccount/shop-sa']);
  });
});
