// The profiling endpoints and the runtime health metrics of a manager serving secure metrics against a real
// kube-apiserver: callers are authenticated by TokenReview and authorized by SubjectAccessReview against the
// ClusterRoles a generated project ships (metrics-reader, profiling-reader), bound to service accounts whose
// tokens come from the TokenRequest API.
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtin, createManager, type Manager } from '../../dist/src/runtime/index.js';
import { KubeTransport, RestClient } from '../../dist/src/runtime/rest/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { rbacFiles } from '../../dist/plugins/kustomize/rbac.js';
import { waitFor } from '../helpers/wait.js';
import { captureLogger } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';

interface Reply {
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** get GETs a path of the metrics server over TLS (the self-signed certificate is not verified). */
function get(port: number, path: string, token?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = token === undefined ? {} : { authorization: `Bearer ${token}` };
    const req = httpsRequest({ host: '127.0.0.1', port, path, rejectUnauthorized: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** heapSnapshotHeader parses the `{"snapshot":{...}` part a heap snapshot starts with. */
function heapSnapshotHeader(text: string): { snapshot: { meta: { node_fields: string[] }; node_count: number } } {
  const end = text.indexOf(',\n"nodes":[');
  const at = end >= 0 ? end : text.indexOf(',"nodes":[');
  if (at < 0) throw new Error(`no "nodes" array in the heap snapshot: ${text.slice(0, 200)}`);
  return JSON.parse(`${text.slice(0, at)}}`) as ReturnType<typeof heapSnapshotHeader>;
}

describe.skipIf(!isBinaryAssets(assets))('profiling endpoints on a real API server', () => {
  let env: TestEnv;
  let mgr: Manager;
  let port: number;
  let rest: RestClient;
  const tokens: Record<string, string> = {};
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const logs = captureLogger('info');

  /** bind creates a service account bound to one of the generated ClusterRoles and returns its token. */
  async function serviceAccountFor(name: string, roleFile?: string): Promise<string> {
    const account = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } };
    await mgr.client.create(builtin.ServiceAccount, account);
    if (roleFile !== undefined) {
      const role = rbacFiles('e2e-operator', false)[roleFile] as { metadata: { name: string } };
      await mgr.client.create(builtin.ClusterRole, role);
      await mgr.client.create(builtin.ClusterRoleBinding, {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: `${name}-${role.metadata.name}` },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: role.metadata.name },
        subjects: [{ kind: 'ServiceAccount', name, namespace }],
      });
    }
    const path = `/api/v1/namespaces/${namespace}/serviceaccounts/${name}/token`;
    const review = await rest.post<{ status?: { token?: string } }>(path, {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      spec: { expirationSeconds: 3600 },
    });
    const token = review?.status?.token;
    if (token === undefined) throw new Error('TokenRequest returned no token');
    return token;
  }

  beforeAll(async () => {
    env = await startTestEnv({});
    rest = new RestClient(new KubeTransport(env.kubeConfig, { userAgent: 'e2e-profiling' }));
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      metricsBindAddress: '127.0.0.1:0',
      secureMetrics: true,
      profiling: { enabled: true, maxCpuSeconds: 10 },
      healthProbeBindAddress: '0',
      logger: logs.logger,
    });
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.metricsServer?.ready();
    port = mgr.metricsServer?.port ?? 0;
    tokens['profiler'] = await serviceAccountFor('profiler', 'profiling_reader_role.yaml');
    tokens['scraper'] = await serviceAccountFor('scraper', 'metrics_reader_role.yaml');
    tokens['nobody'] = await serviceAccountFor('nobody');
    // RBAC is served from the API server's own informers: wait until both bindings apply.
    await waitFor('the profiling-reader binding to apply', async () =>
      (await get(port, '/debug/profile/handles', tokens['profiler'])).status === 200 ? true : undefined,
    );
    await waitFor('the metrics-reader binding to apply', async () =>
      (await get(port, '/metrics', tokens['scraper'])).status === 200 ? true : undefined,
    );
  });

  afterAll(async () => {
    stop.abort();
    await running;
    await env?.stop();
  });

  it('refuse an unauthenticated caller (401) and one without the profiling-reader role (403)', async () => {
    expect((await get(port, '/debug/profile/cpu?seconds=1')).status).toBe(401);
    expect((await get(port, '/debug/profile/heap', 'not-a-token')).status).toBe(401);
    expect((await get(port, '/debug/profile/heap', tokens['nobody'])).status).toBe(403);
    // metrics-reader grants /metrics only: a Prometheus may not take heap snapshots.
    const scraper = await get(port, '/debug/profile/heap', tokens['scraper']);
    expect(scraper.status).toBe(403);
    expect(scraper.body.toString()).toContain('Forbidden (user=system:serviceaccount:default:scraper');
    expect((await get(port, '/metrics', tokens['profiler'])).status).toBe(403);
  });

  it('return a loadable CPU profile, and refuse a second profile while one is taken (409)', async () => {
    const pending = get(port, '/debug/profile/cpu?seconds=2', tokens['profiler']);
    const busy = await waitFor(
      'the CPU profile to start',
      async () => {
        const res = await get(port, '/debug/profile/heap', tokens['profiler']);
        return res.status === 409 ? res : undefined;
      },
      10_000,
      50,
    );
    expect(busy.body.toString()).toContain('a cpu profile is being taken');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="\d+-.*\.cpuprofile"$/);
    const profile = JSON.parse(res.body.toString()) as {
      nodes: Array<{ id: number; callFrame: { functionName: string } }>;
      samples: number[];
      timeDeltas: number[];
      startTime: number;
      endTime: number;
    };
    expect(profile.nodes[0]?.callFrame.functionName).toBe('(root)');
    expect(profile.samples.length).toBeGreaterThan(0);
    expect(profile.timeDeltas).toHaveLength(profile.samples.length);
    const ids = new Set(profile.nodes.map((n) => n.id));
    expect(profile.samples.every((s) => ids.has(s))).toBe(true);
    expect(profile.endTime - profile.startTime).toBeGreaterThanOrEqual(2_000_000);
  });

  it('return a heap snapshot whose header and node table are consistent', async () => {
    const res = await get(port, '/debug/profile/heap', tokens['profiler']);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/\.heapsnapshot"$/);
    const text = res.body.toString();
    const header = heapSnapshotHeader(text);
    const fields = ['type', 'name', 'id', 'self_size', 'edge_count'];
    expect(header.snapshot.meta.node_fields).toEqual(expect.arrayContaining(fields));
    expect(header.snapshot.node_count).toBeGreaterThan(1000);
    // The whole file is JSON, as DevTools loads it, and holds as many nodes as its header says.
    const snapshot = JSON.parse(text) as { nodes: number[]; strings: string[] };
    expect(snapshot.nodes.length).toBe(header.snapshot.node_count * header.snapshot.meta.node_fields.length);
    expect(snapshot.strings.length).toBeGreaterThan(0);
  });

  it('summarise the active handles and requests', async () => {
    const res = await get(port, '/debug/profile/handles', tokens['profiler']);
    const summary = JSON.parse(res.body.toString()) as {
      activeResources: { total: number; byType: Record<string, number> };
      memory: { heapUsed: number };
    };
    expect(summary.activeResources.byType['TCPServerWrap']).toBeGreaterThanOrEqual(1);
    expect(summary.activeResources.total).toBeGreaterThanOrEqual(summary.activeResources.byType['TCPServerWrap']!);
    expect(summary.memory.heapUsed).toBeGreaterThan(0);
  });

  it('serve the runtime health metrics on a scrape authorized by metrics-reader', async () => {
    const res = await get(port, '/metrics', tokens['scraper']);
    expect(res.status).toBe(200);
    const text = res.body.toString();
    const value = (series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('nodejs_eventloop_lag_seconds_count'), text.slice(0, 3000)).toBeGreaterThan(0);
    expect(value('nodejs_eventloop_lag_seconds_bucket{le="+Inf"}')).toBe(value('nodejs_eventloop_lag_seconds_count'));
    expect(value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(value('nodejs_heap_size_total_bytes')).toBeGreaterThanOrEqual(value('nodejs_heap_size_used_bytes')!);
    expect(value('process_resident_memory_bytes')).toBeGreaterThan(value('nodejs_heap_size_used_bytes')!);
    expect(value('process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(value('nodejs_active_resources{type="TCPServerWrap"}')).toBeGreaterThanOrEqual(1);
    // The heap snapshot above ran a full collection: it shows among the GC pauses.
    expect(text).toMatch(/^nodejs_gc_duration_seconds_count\{kind="major"\} [1-9]/m);
  });

  it('logged no errors', () => {
    expect(
      logs.records.filter((r) => r.level === 'error'),
      logs.tail(),
    ).toEqual([]);
  });
});

describe.skipIf(isBinaryAssets(assets))('profiling endpoints on a real API server (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
