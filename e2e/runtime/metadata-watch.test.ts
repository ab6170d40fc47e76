// Metadata-only watches on a real API server: a Widget controller owns ConfigMaps and watches them as
// PartialObjectMetadata. The cache holds no ConfigMap data, deleting or relabelling an owned ConfigMap
// still reconciles its owner, and a full informer of the same kind, beside it, shows what each costs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtin,
  createManager,
  ignoreNotFound,
  isNotFound,
  newControllerManagedBy,
  setControllerReference,
  type Client,
  type Manager,
  type Request,
} from '../../dist/src/runtime/index.js';
import { registry } from '../../dist/src/runtime/metrics/index.js';
import { stringifyJson } from '../../dist/src/runtime/json/stringify.js';
import {
  directClient,
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type TestEnv,
} from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';
import { captureLogger, newWidget, widgetCrd, WidgetResource } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';
const WIDGETS = 20;
const PAYLOAD = 'x'.repeat(4096);

describe.skipIf(!isBinaryAssets(assets))('metadata-only watches on a real API server', () => {
  let env: TestEnv;
  let mgr: Manager;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const reconciles = new Map<string, number>();

  async function reconcile(client: Client, req: Request): Promise<void> {
    reconciles.set(req.name, (reconciles.get(req.name) ?? 0) + 1);
    const widget = await ignoreNotFound(client.get(WidgetResource, req));
    if (widget === undefined) return;
    const name = `${req.name}-data`;
    // The owned ConfigMap is read from the metadata-only cache: existence is all this reconciler needs.
    const existing = await client.getMetadata(builtin.ConfigMap, { namespace, name }).catch((err: unknown) => {
      if (isNotFound(err)) return undefined;
      throw err;
    });
    if (existing !== undefined) return;
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace, name }, data: { payload: PAYLOAD } };
    setControllerReference(widget, cm, WidgetResource);
    await client.create(builtin.ConfigMap, cm);
  }

  beforeAll(async () => {
    env = await startTestEnv({ crds: [widgetCrd()] });
    mgr = await createManager({ kubeConfig: env.kubeConfig, logger: captureLogger('warn').logger });
    newControllerManagedBy(mgr)
      .for(WidgetResource)
      .owns(builtin.ConfigMap, { metadataOnly: true })
      .complete({ reconcile: (_ctx, req) => reconcile(mgr.client, req) });
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.elected();
  }, 120_000);

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
  });

  it('caches owned objects without their data and still reconciles owners on their events', async () => {
    const client = directClient(env);
    for (let i = 0; i < WIDGETS; i++) await client.create(WidgetResource, newWidget(namespace, `w${i}`, { size: 1 }));
    const cache = mgr.getCache();
    expect(cache.hasInformer(builtin.ConfigMap, { metadataOnly: true })).toBe(true);
    expect(cache.hasInformer(builtin.ConfigMap)).toBe(false);
    const meta = cache.getInformer(builtin.ConfigMap, { metadataOnly: true });
    await waitFor('every owned ConfigMap in the metadata cache', async () =>
      meta.list({ namespace }).filter((o) => o.metadata?.name?.endsWith('-data')).length === WIDGETS ? true : undefined,
    );
    for (const obj of meta.list()) {
      expect(Object.keys(obj).sort()).toEqual(['apiVersion', 'kind', 'metadata']);
      expect(obj.kind).toBe('ConfigMap');
    }
    // Only the metadata is cached: a full read of the kind goes to the API server and has the data.
    expect((await mgr.client.get(builtin.ConfigMap, { namespace, name: 'w0-data' })).data).toEqual({
      payload: PAYLOAD,
    });

    // Events of the metadata-only watch reach the owner: a deleted ConfigMap is made again...
    const before = reconciles.get('w3') ?? 0;
    const uid = (await client.get(builtin.ConfigMap, { namespace, name: 'w3-data' })).metadata?.uid;
    await client.delete(builtin.ConfigMap, { namespace, name: 'w3-data' });
    await waitFor('the owner to recreate its ConfigMap', async () => {
      const again = await ignoreNotFound(client.get(builtin.ConfigMap, { namespace, name: 'w3-data' }));
      return again !== undefined && again.metadata?.uid !== uid ? true : undefined;
    });
    expect(reconciles.get('w3') ?? 0).toBeGreaterThan(before);
    // ...and a label change (an update seen only through metadata) reconciles the owner too.
    const beforeLabel = reconciles.get('w5') ?? 0;
    await client.patch(
      builtin.ConfigMap,
      { namespace, name: 'w5-data' },
      { type: 'merge', data: { metadata: { labels: { touched: 'yes' } } } },
    );
    await waitFor('the owner of a relabelled ConfigMap to reconcile', async () =>
      (reconciles.get('w5') ?? 0) > beforeLabel ? true : undefined,
    );
  }, 120_000);

  it('holds fewer bytes per object than a full informer of the same kind beside it', async () => {
    const cache = mgr.getCache();
    const meta = cache.getInformer(builtin.ConfigMap, { metadataOnly: true });
    const full = cache.getInformer(builtin.ConfigMap);
    expect(full).not.toBe(meta);
    await full.waitForSync(AbortSignal.timeout(60_000));
    await waitFor('both views to hold the same objects', async () =>
      full.list().length === meta.list().length ? true : undefined,
    );
    const bytes = (objs: object[]) => objs.reduce((n, o) => n + Buffer.byteLength(stringifyJson(o)), 0);
    const count = full.list().length;
    const perFull = bytes(full.list()) / count;
    const perMeta = bytes(meta.list()) / count;
    const gauge = async (view: string) =>
      (await registry.getSingleMetric('cache_object_bytes')?.get())?.values.find(
        (v) => v.labels.resource === 'configmaps' && v.labels.view === view,
      )?.value;
    expect(await gauge('full')).toBeGreaterThan(0);
    expect(await gauge('metadata')).toBeGreaterThan(0);
    process.stdout.write(
      `metadata-only cache: ${count} ConfigMaps (${WIDGETS} with ${PAYLOAD.length} bytes of data), ` +
        `${Math.round(perFull)} bytes per object in the full informer, ` +
        `${Math.round(perMeta)} in the metadata-only one ` +
        `(${(perMeta / perFull).toFixed(2)}x)\n`,
    );
    expect(perMeta).toBeLessThan(perFull);
    // Without the data, an owned ConfigMap is its metadata: well under the 4 KiB payload it carries.
    const owned = meta.list({ namespace }).filter((o) => o.metadata?.name?.endsWith('-data'));
    expect(bytes(owned) / owned.length).toBeLessThan(PAYLOAD.length / 4);
  }, 120_000);
});

describe.skipIf(isBinaryAssets(assets))('metadata-only watches on a real API server (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
