// OpenTelemetry tracing against a real API server: a manager configured only by OTEL_* variables exports
// to an OTLP/HTTP receiver on loopback (what an OpenTelemetry Collector's otlp receiver is on port 4318).
// One reconcile is one trace whose root is the reconcile span and whose children are its API calls; the
// log lines of the reconcile carry the trace and span ids; the admission webhook the API server calls
// records a server span, in the trace of the API call that caused it. A manager in a child process shows
// that tracing off loads no OpenTelemetry.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtin,
  createManager,
  isNotFound,
  newControllerManagedBy,
  newWebhookManagedBy,
  type AdmissionContext,
  type CustomValidator,
  type Manager,
  type ReconcileContext,
  type Request,
} from '../../dist/src/runtime/index.js';
import { validationPath } from '../../dist/src/runtime/webhook/index.js';
import { toYamlDocuments } from '../../dist/src/yaml/yaml.js';
import { findBinaryAssets, isBinaryAssets, startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { OtlpReceiver, type ReceivedSpan } from '../../src/runtime/fixtures/otlp-receiver.js';
import { waitFor } from '../helpers/wait.js';
import { captureLogger, newWidget, widgetCrd, WidgetResource, type Widget } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';
const run = promisify(execFile);
const childScript = fileURLToPath(new URL('./fixtures/tracing-child.mjs', import.meta.url));

/** LabelValidator refuses widgets labelled `forbidden`. */
class LabelValidator implements CustomValidator<Widget> {
  async validateCreate(_ctx: AdmissionContext, obj: Widget): Promise<void> {
    if (obj.metadata?.labels?.forbidden !== undefined) throw new Error('label "forbidden" is not allowed');
  }
  async validateUpdate(_ctx: AdmissionContext, _old: Widget, obj: Widget): Promise<void> {
    if (obj.metadata?.labels?.forbidden !== undefined) throw new Error('label "forbidden" is not allowed');
  }
  async validateDelete(): Promise<void> {}
}

function validatingConfiguration(): unknown {
  return {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingWebhookConfiguration',
    metadata: { name: 'widget-validating' },
    webhooks: [
      {
        name: 'vwidget.e2e.operator-ts.dev',
        clientConfig: {
          service: { name: 'webhook-service', namespace: 'system', path: validationPath(WidgetResource) },
        },
        rules: [
          {
            apiGroups: [WidgetResource.group],
            apiVersions: [WidgetResource.version],
            operations: ['CREATE', 'UPDATE'],
            resources: [WidgetResource.plural],
          },
        ],
        admissionReviewVersions: ['v1'],
        sideEffects: 'None',
        failurePolicy: 'Fail',
        timeoutSeconds: 10,
      },
    ],
  };
}

const OTEL_ENV = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME', 'OTEL_BSP_SCHEDULE_DELAY'] as const;

describe.skipIf(!isBinaryAssets(assets))('tracing against a real API server', () => {
  let env: TestEnv;
  let mgr: Manager;
  let receiver: OtlpReceiver;
  let dir = '';
  const log = captureLogger('info');
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  const saved = new Map<string, string | undefined>();

  beforeAll(async () => {
    receiver = await new OtlpReceiver().start();
    for (const key of OTEL_ENV) saved.set(key, process.env[key]);
    // Configured the way a Deployment would be: the standard variables only, the default protocol.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.endpoint;
    process.env.OTEL_SERVICE_NAME = 'e2e-widget-operator';
    process.env.OTEL_BSP_SCHEDULE_DELAY = '200';
    dir = mkdtempSync(join(tmpdir(), 'operator-ts-e2e-tracing-'));
    writeFileSync(join(dir, 'manifests.yaml'), toYamlDocuments([validatingConfiguration()]));
    env = await startTestEnv({ crds: [widgetCrd()], webhookInstallOptions: { paths: [dir] } });
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: log.logger,
      webhook: {
        port: env.webhookInstallOptions.localServingPort,
        certDir: env.webhookInstallOptions.localServingCertDir,
      },
    });
    newWebhookManagedBy(mgr).for(WidgetResource).withValidator(new LabelValidator()).complete();
    const client = mgr.client;
    const apiReader = mgr.apiReader;
    newControllerManagedBy(mgr)
      .for(WidgetResource)
      .complete({
        async reconcile(ctx: ReconcileContext, req: Request) {
          ctx.log.info({ step: 'start' }, 'Reconciling widget');
          const widget = await apiReader.get(WidgetResource, req);
          // A ConfigMap the reconciler looks for and does not find: a 404 in the trace.
          await apiReader
            .get(builtin.ConfigMap, { namespace: req.namespace, name: `${req.name}-settings` })
            .catch((err: unknown) => {
              if (!isNotFound(err)) throw err;
            });
          if (widget.metadata?.labels?.reconciled !== 'true') {
            await client.patch(WidgetResource, req, {
              type: 'merge',
              data: { metadata: { labels: { reconciled: 'true' } } },
            });
          }
          await client
            .status()
            .patch(WidgetResource, req, { type: 'merge', data: { status: { observedSize: widget.spec.size ?? 0 } } });
        },
      });
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.elected();
    await mgr.getWebhookServer().ready();
    // The admission chain picks new configurations up a moment after they are readable.
    await waitFor(
      'the API server to call the validating webhook',
      async () => {
        const probe = newWidget(namespace, `probe-${Date.now()}`, {}, { forbidden: 'x' });
        const denied = await client.create(WidgetResource, probe, { dryRun: true }).then(
          () => false,
          (err: unknown) => String(err).includes('not allowed'),
        );
        return denied ? true : undefined;
      },
      30_000,
    );
  });

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
    await receiver?.stop();
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  const spansOf = (traceId: string): ReceivedSpan[] => receiver.spans.filter((s) => s.traceId === traceId);

  it('exports a reconcile as one trace: its span the root, its API calls with status codes the children', async () => {
    await mgr.client.create(WidgetResource, newWidget(namespace, 'traced', { size: 3 }));
    const line = await waitFor(
      'the first reconcile of widget "traced" to log',
      async () => log.records.find((r) => r.msg === 'Reconciling widget' && r.name === 'traced'),
      30_000,
    );
    expect(line.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    const traceId = String(line.trace_id);
    // The root is exported when it ends, after its children.
    const root = await waitFor(
      'the reconcile span to reach the receiver',
      async () => spansOf(traceId).find((s) => s.spanId === line.span_id),
      30_000,
    );
    expect(root.parentSpanId).toBe('');
    expect(root.kind).toBe('internal');
    expect(root.name).toBe('reconcile widget');
    expect(root.scope).toBe('operator-ts/runtime');
    expect(root.resource['service.name']).toBe('e2e-widget-operator');
    expect(root.attributes).toMatchObject({
      'k8s.controller.name': 'widget',
      'k8s.object.group': 'e2e.operator-ts.dev',
      'k8s.object.version': 'v1',
      'k8s.object.kind': 'Widget',
      'k8s.namespace.name': namespace,
      'k8s.object.name': 'traced',
      'k8s.reconcile.id': line.reconcileID,
      'k8s.reconcile.result': 'success',
    });
    const ours = spansOf(traceId).filter((s) => s.kind === 'client');
    expect(ours.map((s) => [s.name, s.attributes['http.response.status_code']])).toEqual([
      ['GET /apis/e2e.operator-ts.dev/v1/namespaces/{namespace}/widgets/{name}', 200],
      ['GET /api/v1/namespaces/{namespace}/configmaps/{name}', 404],
      ['PATCH /apis/e2e.operator-ts.dev/v1/namespaces/{namespace}/widgets/{name}', 200],
      ['PATCH /apis/e2e.operator-ts.dev/v1/namespaces/{namespace}/widgets/{name}/status', 200],
    ]);
    for (const span of ours) expect(span.parentSpanId).toBe(root.spanId);
    const [get, missing] = ours;
    expect(get!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'k8s.verb': 'get',
      'k8s.resource': 'widgets',
      'k8s.object.name': 'traced',
      'server.address': '127.0.0.1',
    });
    expect(missing!.status.code).toBe('error');
    expect(missing!.attributes['error.type']).toBe('404');
    // The API server passes the traceparent of the PATCH on to the admission webhook it calls (it records
    // no span of its own without a tracing configuration), so the webhook's server span joins the trace.
    const patch = ours[2]!;
    const webhook = spansOf(traceId).filter((s) => s.kind === 'server');
    expect(webhook.map((s) => [s.name, s.parentSpanId, s.attributes['k8s.admission.operation']])).toEqual([
      [`POST ${validationPath(WidgetResource)}`, patch.spanId, 'UPDATE'],
    ]);
    // Every log line of that reconcile carries the same ids.
    for (const r of log.records.filter((r) => r.reconcileID === line.reconcileID)) {
      expect(r).toMatchObject({ trace_id: traceId, span_id: root.spanId });
    }
  });

  it('records a server span for each admission request the API server sends to the webhook', async () => {
    await mgr.client.create(WidgetResource, newWidget(namespace, 'admitted', { size: 1 }));
    const span = await waitFor(
      'the webhook server span of the create',
      async () =>
        receiver.spans.find(
          (s) =>
            s.kind === 'server' &&
            s.attributes['k8s.admission.operation'] === 'CREATE' &&
            s.attributes['k8s.object.name'] === 'admitted',
        ),
      30_000,
    );
    expect(span.name).toBe(`POST ${validationPath(WidgetResource)}`);
    expect(span.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': validationPath(WidgetResource),
      'http.response.status_code': 200,
      'url.scheme': 'https',
      'k8s.object.kind': 'Widget',
      'k8s.resource': 'widgets',
      'k8s.namespace.name': namespace,
    });
    expect(span.status.code).toBe('unset');
  });
});

describe.skipIf(!isBinaryAssets(assets))('tracing off', () => {
  let env: TestEnv;
  let receiver: OtlpReceiver;

  beforeAll(async () => {
    receiver = await new OtlpReceiver().start();
    env = await startTestEnv({ crds: [widgetCrd()] });
  });
  afterAll(async () => {
    await env?.stop();
    await receiver?.stop();
  });

  async function loadedModules(
    extra: Record<string, string>,
  ): Promise<{ otel: string[]; modules: number; rssBytes: number }> {
    const childEnv: Record<string, string | undefined> = { ...process.env, KUBECONFIG: env.kubeconfigPath, ...extra };
    for (const key of Object.keys(childEnv)) if (key.startsWith('OTEL_') && !(key in extra)) delete childEnv[key];
    const { stdout } = await run(process.execPath, [childScript], { env: childEnv, timeout: 120_000 });
    const line = stdout.split('\n').find((l) => l.startsWith('LOADED '));
    if (line === undefined) throw new Error(`the child printed no LOADED line:\n${stdout}`);
    return JSON.parse(line.slice('LOADED '.length)) as { otel: string[]; modules: number; rssBytes: number };
  }

  it('loads no OpenTelemetry module into a manager that does not trace, the SDK into one that does', async () => {
    const off = await loadedModules({});
    expect(off.otel).toEqual([]);
    const on = await loadedModules({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint });
    expect(on.otel.some((m) => m.startsWith('@opentelemetry/sdk-trace/'))).toBe(true);
    expect(on.otel.some((m) => m.startsWith('@opentelemetry/exporter-trace-otlp-proto/'))).toBe(true);
    expect(on.modules).toBeGreaterThan(off.modules);
    // A figure for the record, not an assertion: the machine is shared.
    const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
    process.stderr.write(`[tracing] idle manager: ${off.modules} modules, ${mib(off.rssBytes)} MiB off; `);
    process.stderr.write(`${on.modules} modules, ${mib(on.rssBytes)} MiB on\n`);
  });
});
