// Field indexes on a real API server, as the kubebuilder CronJob tutorial uses them: the manager indexes
// Jobs by the name of their controlling CronJob, and the reconciler lists "my Jobs" from the cache, in one
// namespace or across all. The index follows creates, updates and deletes; a direct client, which has no
// index, asks the API server and explains why that cannot work for this field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  builtin,
  createManager,
  silentLogger,
  type Manager,
  type ObjectOf,
} from '../../dist/src/runtime/index.js';
import {
  directClient,
  eventually,
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type TestEnv,
} from '../../dist/src/testing/index.js';

const assets = findBinaryAssets();
const jobOwnerKey = '.metadata.controller';
type Job = ObjectOf<typeof builtin.Job>;

describe.skipIf(!isBinaryAssets(assets))('field indexes on a real API server', () => {
  let env: TestEnv;
  let mgr: Manager;
  const stop = new AbortController();
  let running: Promise<void> | undefined;

  beforeAll(async () => {
    env = await startTestEnv({ attachControlPlaneOutput: false });
    mgr = await createManager({ kubeConfig: env.kubeConfig, logger: silentLogger() });
    mgr.getFieldIndexer().indexField(builtin.Job, jobOwnerKey, (job) => {
      const owner = job.metadata?.ownerReferences?.find((ref) => ref.controller === true);
      return owner?.apiVersion === 'batch/v1' && owner.kind === 'CronJob' ? [owner.name] : [];
    });
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.elected();
  }, 180_000);

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
  });

  it("lists a CronJob's Jobs from the cache by index, per namespace and across namespaces, as they change", async () => {
    const k8s = directClient(env);
    const jobTemplate = { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'busybox' }] } };
    const owners: Record<string, string> = {};
    for (const ns of ['team-a', 'team-b']) {
      await k8s.create(builtin.Namespace, { metadata: { name: ns } });
      const cron = await k8s.create(builtin.CronJob, {
        metadata: { name: 'nightly', namespace: ns },
        spec: { schedule: '0 0 * * *', jobTemplate: { spec: { template: jobTemplate } } },
      });
      owners[ns] = cron.metadata?.uid ?? '';
    }
    const job = (ns: string, name: string, owned: boolean): Job => ({
      metadata: {
        name,
        namespace: ns,
        ...(owned
          ? {
              ownerReferences: [
                { apiVersion: 'batch/v1', kind: 'CronJob', name: 'nightly', uid: owners[ns] ?? '', controller: true },
              ],
            }
          : {}),
      },
      spec: { suspend: true, template: jobTemplate },
    });
    await k8s.create(builtin.Job, job('team-a', 'nightly-1', true));
    await k8s.create(builtin.Job, job('team-a', 'nightly-2', true));
    await k8s.create(builtin.Job, job('team-a', 'adhoc', false));
    await k8s.create(builtin.Job, job('team-b', 'nightly-1', true));

    const names = (jobs: Job[]) => jobs.map((j) => `${j.metadata?.namespace}/${j.metadata?.name}`).sort();
    const byOwner = (namespace?: string) =>
      mgr.client.list(builtin.Job, {
        ...(namespace === undefined ? {} : { namespace }),
        matchingFields: { [jobOwnerKey]: 'nightly' },
      });
    // The cache sees the Jobs a moment after the API server stored them.
    await eventually(
      async () => expect(names(await byOwner())).toEqual(['team-a/nightly-1', 'team-a/nightly-2', 'team-b/nightly-1']),
      { timeout: 10_000 },
    );
    expect(names(await byOwner('team-a'))).toEqual(['team-a/nightly-1', 'team-a/nightly-2']);
    expect(names(await byOwner('team-b'))).toEqual(['team-b/nightly-1']);

    // Dropping the owner reference and deleting a Job both leave the index, with nothing stale behind.
    await k8s.patch(
      builtin.Job,
      { namespace: 'team-a', name: 'nightly-2' },
      { type: 'json', ops: [{ op: 'remove', path: '/metadata/ownerReferences' }] },
    );
    await k8s.delete(builtin.Job, { namespace: 'team-b', name: 'nightly-1' }, { propagationPolicy: 'Background' });
    await eventually(async () => expect(names(await byOwner())).toEqual(['team-a/nightly-1']), { timeout: 10_000 });
    expect(await byOwner('team-b')).toEqual([]);
  });

  it('fails clearly for a field without an index, and reads live through a field selector where the server has one', async () => {
    await expect(mgr.client.list(builtin.Job, { matchingFields: { 'spec.suspend': 'true' } })).rejects.toThrow(
      /^Index with name field:spec\.suspend does not exist: register it with mgr\.getFieldIndexer\(\)\.indexField\(Job, 'spec\.suspend', \.\.\.\)/,
    );
    const live = await mgr.apiReader.list(builtin.Job, {
      namespace: 'team-a',
      matchingFields: { 'metadata.name': 'adhoc' },
    });
    expect(live.map((j) => j.metadata?.name)).toEqual(['adhoc']);
    const err = await directClient(env)
      .list(builtin.Job, { matchingFields: { [jobOwnerKey]: 'nightly' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(400);
    expect((err as Error).message).toMatch(
      /^jobs\.batch cannot be listed by field \.metadata\.controller from the API server/,
    );
  });
});
