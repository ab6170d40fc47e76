// Section "admission" of `npm run bench`: what the Pod sidecar injector adds to Pod creation. 1 000 Pods
// are created through a real kube-apiserver (envtest) and mutated by the SidecarInjector, and 1 000 by a
// no-op mutating webhook served by the same webhook server over the same TLS; the two are interleaved so
// that load on the machine falls on both alike. Reports each one's p50/p99 create latency (client side,
// the whole admission chain included), Pods created with no webhook for reference, and the injector's
// latency as a ratio of the no-op's (target: at most 2). Figures only; BENCH_ADMISSIONS sets the count.
import { builtin, createManager, silentLogger } from '../../dist/src/runtime/index.js';
import { SidecarInjector } from '../../dist/src/runtime/webhook/index.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv } from '../../dist/src/testing/index.js';

const PREFIX = 'sidecar.example.com';
const NAMESPACE = 'bench-admission';
const NOOP_PATH = '/noop';
const INJECT_PATH = '/inject--v1-pod';
const TARGET_RATIO = 2;

/** webhook is one mutating webhook of Pods labelled `bench=<selected>`, served at path. */
function webhook(name, path, selected, extra = {}) {
  return {
    name,
    admissionReviewVersions: ['v1'],
    sideEffects: 'None',
    failurePolicy: 'Fail',
    clientConfig: { service: { name: 'webhook-service', namespace: 'system', path } },
    rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['pods'] }],
    objectSelector: { matchLabels: { bench: selected } },
    ...extra,
  };
}

function configuration() {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: 'bench-admission' },
    webhooks: [
      // As the scaffold configures the injector: reinvoked when a later webhook changes the Pod.
      webhook('inject.bench.operator-ts.dev', INJECT_PATH, 'inject', {
        reinvocationPolicy: 'IfNeeded',
        namespaceSelector: { matchLabels: { [`${PREFIX}/injection`]: 'enabled' } },
      }),
      webhook('noop.bench.operator-ts.dev', NOOP_PATH, 'noop'),
    ],
  };
}

function pod(name, group) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: NAMESPACE,
      labels: { bench: group },
      annotations: group === 'inject' ? { [`${PREFIX}/inject`]: 'true' } : {},
    },
    spec: {
      containers: [{ name: 'app', image: 'registry.example.com/app:1.0', resources: { requests: { cpu: '10m' } } }],
    },
  };
}

/** injector is a SidecarInjector with every hook, each doing what a real one would. */
function injector() {
  return new SidecarInjector({
    annotationPrefix: PREFIX,
    preMutate: (ctx) => (ctx.request.namespace === 'kube-system' ? { skip: 'system namespace' } : undefined),
    render: () => ({
      containers: [
        {
          name: 'proxy',
          image: 'registry.example.com/proxy:1.0',
          args: ['proxy', 'sidecar'],
          volumeMounts: [{ name: 'proxy-certs', mountPath: '/etc/certs' }],
        },
      ],
      initContainers: [{ name: 'proxy-init', image: 'registry.example.com/proxy-init:1.0' }],
      volumes: [{ name: 'proxy-certs', emptyDir: {} }],
    }),
    postMutate: (ctx, _pod, injected) =>
      void injected.containers[0]?.args?.push(`--namespace=${ctx.request.namespace ?? ''}`),
    validate: (_ctx, p) => {
      const bad = p.spec?.containers.find((c) => !(c.image ?? '').startsWith('registry.example.com/'));
      if (bad !== undefined) throw new Error(`image ${bad.image} is not signed`);
    },
  });
}

/** noop answers every review with allowed and no patch: the round trip alone. */
async function noop(body) {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    response: { uid: body.request.uid, allowed: true },
  };
}

function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function timedCreate(client, obj) {
  const t0 = performance.now();
  const created = await client.create(builtin.Pod, obj);
  return { ms: performance.now() - t0, created };
}

/** run prints one line per webhook and the ratio line through `report(name, fields)`. */
export async function run(report) {
  const assets = findBinaryAssets();
  if (!isBinaryAssets(assets)) {
    report('admission.skipped', { reason: JSON.stringify(assets.missing) });
    return;
  }
  const count = Number(process.env.BENCH_ADMISSIONS ?? 1000);
  const env = await startTestEnv({ webhookInstallOptions: { mutatingWebhooks: [configuration()] } });
  const stop = new AbortController();
  let running;
  try {
    const mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: silentLogger(),
      webhook: {
        port: env.webhookInstallOptions.localServingPort,
        certDir: env.webhookInstallOptions.localServingCertDir,
      },
    });
    const server = mgr.getWebhookServer();
    server.register(INJECT_PATH, injector().handler());
    server.register(NOOP_PATH, noop);
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await server.ready();
    const client = mgr.client;
    await client.create(builtin.Namespace, {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: NAMESPACE, labels: { [`${PREFIX}/injection`]: 'enabled' } },
    });
    // Until the admission chain has picked the configuration up, Pods pass unmutated: wait for an injection.
    for (let i = 0; ; i++) {
      const probe = await client.create(builtin.Pod, pod(`probe-${i}`, 'inject'), { dryRun: true });
      if (probe.spec.containers.length === 2) break;
      if (i > 300) throw new Error('the API server never called the injector');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Warm-up: connections, the API server's admission plugins, V8's optimisation of the handlers.
    for (let i = 0; i < 50; i++)
      for (const group of ['inject', 'noop', 'none'])
        await client.create(builtin.Pod, pod(`warm-${group}-${i}`, group));
    const samples = { inject: [], noop: [], none: [] };
    for (let i = 0; i < count; i++) {
      for (const group of i % 2 === 0 ? ['inject', 'noop', 'none'] : ['none', 'noop', 'inject']) {
        const { ms, created } = await timedCreate(client, pod(`${group}-${i}`, group));
        const containers = created.spec.containers.length;
        if (containers !== (group === 'inject' ? 2 : 1)) throw new Error(`${group}-${i} has ${containers} containers`);
        samples[group].push(ms);
      }
    }
    const figures = {};
    for (const [group, values] of Object.entries(samples)) {
      figures[group] = { p50: percentile(values, 50), p99: percentile(values, 99) };
      report(`admission.${group === 'none' ? 'no_webhook' : group === 'noop' ? 'noop_webhook' : 'injector'}`, {
        pods: values.length,
        p50_ms: Number(figures[group].p50.toFixed(2)),
        p99_ms: Number(figures[group].p99.toFixed(2)),
      });
    }
    const p50 = figures.inject.p50 / figures.noop.p50;
    const p99 = figures.inject.p99 / figures.noop.p99;
    report('admission.injector_vs_noop', {
      p50_ratio: Number(p50.toFixed(2)),
      p99_ratio: Number(p99.toFixed(2)),
      target: `<=${TARGET_RATIO}`,
      result: p50 <= TARGET_RATIO && p99 <= TARGET_RATIO ? 'met' : 'NOT_MET',
    });
  } finally {
    stop.abort();
    await running?.catch(() => undefined);
    await env.stop();
  }
}
