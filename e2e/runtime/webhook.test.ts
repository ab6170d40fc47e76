// Admission webhooks registered with newWebhookManagedBy, served by the Manager's webhook server on the
// port and certificates envtest prepared, and called by the real kube-apiserver through the webhook
// configurations startTestEnv installed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createManager,
  defineResource,
  newWebhookManagedBy,
  silentLogger,
  type AdmissionContext,
  type CustomDefaulter,
  type CustomValidator,
  type KubernetesObject,
  type Manager,
  type Warnings,
  type Wire,
} from '../../dist/src/runtime/index.js';
import { defaultingPath, validationPath } from '../../dist/src/runtime/webhook/index.js';
import { toYamlDocuments } from '../../dist/src/yaml/yaml.js';
import {
  findBinaryAssets,
  isBinaryAssets,
  startTestEnv,
  type CustomResourceDefinitionObject,
  type TestEnv,
} from '../../dist/src/testing/index.js';
import { waitFor } from '../helpers/wait.js';
import { newWidget, widgetCrd, WidgetResource, type Widget } from './fixtures/widget.js';

const assets = findBinaryAssets();
const namespace = 'default';

interface GadgetV1 extends KubernetesObject {
  spec: { size?: number };
}
interface GadgetV2 extends KubernetesObject {
  spec: { replicas?: number };
}
const GadgetV1Resource = defineResource<GadgetV1>({
  group: 'e2e.operator-ts.dev',
  version: 'v1',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});
const GadgetV2Resource = defineResource<GadgetV2>({
  group: 'e2e.operator-ts.dev',
  version: 'v2',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});

/** gadgetCrd has two versions converted by the webhook: v1 spec.size is v2 (hub, storage) spec.replicas. */
function gadgetCrd(): CustomResourceDefinitionObject {
  const version = (name: string, field: string, storage: boolean) => ({
    name,
    served: true,
    storage,
    schema: {
      openAPIV3Schema: {
        type: 'object',
        properties: { spec: { type: 'object', properties: { [field]: { type: 'integer', format: 'int32' } } } },
      },
    },
  });
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'gadgets.e2e.operator-ts.dev' },
    spec: {
      group: 'e2e.operator-ts.dev',
      names: { kind: 'Gadget', listKind: 'GadgetList', plural: 'gadgets', singular: 'gadget' },
      scope: 'Namespaced',
      versions: [version('v1', 'size', false), version('v2', 'replicas', true)],
      conversion: {
        strategy: 'Webhook',
        webhook: {
          conversionReviewVersions: ['v1'],
          clientConfig: { service: { name: 'webhook-service', namespace: 'system', path: '/convert' } },
        },
      },
    },
  };
}

class WidgetDefaulter implements CustomDefaulter<Widget> {
  readonly operations: string[] = [];
  async default(ctx: AdmissionContext, obj: Widget): Promise<void> {
    this.operations.push(ctx.request.operation);
    obj.spec.color ??= 'green';
    obj.spec.size ??= 1;
  }
}

class WidgetValidator implements CustomValidator<Widget> {
  async validateCreate(_ctx: AdmissionContext, obj: Widget): Promise<Warnings | void> {
    if ((obj.spec.size ?? 0) > 10) throw new Error(`spec.size ${obj.spec.size} is larger than 10`);
    if (obj.spec.message === 'warn') return ['message "warn" is deprecated'];
  }
  async validateUpdate(_ctx: AdmissionContext, oldObj: Widget, newObj: Widget): Promise<Warnings | void> {
    if (oldObj.spec.color !== newObj.spec.color)
      throw new Error(`spec.color is immutable (was ${oldObj.spec.color ?? ''})`);
  }
  async validateDelete(_ctx: AdmissionContext, obj: Widget): Promise<Warnings | void> {
    if (obj.metadata?.labels?.protected === 'true') throw new Error('protected widgets cannot be deleted');
  }
}

/** webhookConfigurations are what `operator-ts generate` would write for the Widget webhooks (service paths). */
function webhookConfigurations(): unknown[] {
  const service = (path: string) => ({ service: { name: 'webhook-service', namespace: 'system', path } });
  const rules = (operations: string[]) => [
    {
      apiGroups: [WidgetResource.group],
      apiVersions: [WidgetResource.version],
      operations,
      resources: [WidgetResource.plural],
    },
  ];
  const common = { admissionReviewVersions: ['v1'], sideEffects: 'None', failurePolicy: 'Fail', timeoutSeconds: 10 };
  return [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: 'widget-mutating' },
      webhooks: [
        {
          name: 'mwidget.e2e.operator-ts.dev',
          clientConfig: service(defaultingPath(WidgetResource)),
          rules: rules(['CREATE', 'UPDATE']),
          ...common,
        },
      ],
    },
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'widget-validating' },
      webhooks: [
        {
          name: 'vwidget.e2e.operator-ts.dev',
          clientConfig: service(validationPath(WidgetResource)),
          rules: rules(['CREATE', 'UPDATE', 'DELETE']),
          ...common,
        },
      ],
    },
  ];
}

describe.skipIf(!isBinaryAssets(assets))('webhooks called by a real API server', () => {
  let env: TestEnv;
  let mgr: Manager;
  let dir = '';
  const defaulter = new WidgetDefaulter();
  const stop = new AbortController();
  let running: Promise<void> | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'operator-ts-e2e-webhook-'));
    writeFileSync(join(dir, 'manifests.yaml'), toYamlDocuments(webhookConfigurations()));
    env = await startTestEnv({ crds: [widgetCrd(), gadgetCrd()], webhookInstallOptions: { paths: [dir] } });
    mgr = await createManager({
      kubeConfig: env.kubeConfig,
      logger: silentLogger(),
      webhook: {
        port: env.webhookInstallOptions.localServingPort,
        certDir: env.webhookInstallOptions.localServingCertDir,
      },
    });
    newWebhookManagedBy(mgr)
      .for(WidgetResource)
      .withDefaulter(defaulter)
      .withValidator(new WidgetValidator())
      .complete();
    newWebhookManagedBy(mgr)
      .for(GadgetV2Resource)
      .withConversion({
        hub: 'v2',
        spokes: {
          v1: {
            toHub: (o: Wire<GadgetV1>): Wire<GadgetV2> => ({
              apiVersion: GadgetV2Resource.apiVersion,
              kind: 'Gadget',
              metadata: o.metadata,
              spec: { replicas: o.spec.size },
            }),
            fromHub: (h: Wire<GadgetV2>): Wire<GadgetV1> => ({
              apiVersion: GadgetV1Resource.apiVersion,
              kind: 'Gadget',
              metadata: h.metadata,
              spec: { size: h.spec.replicas },
            }),
          },
        },
      })
      .complete();
    running = mgr.start(stop.signal);
    running.catch(() => undefined);
    await mgr.getWebhookServer().ready();
    // The admission chain picks new configurations up a moment after they are readable.
    await waitFor(
      'the API server to call the defaulting webhook',
      async () => {
        const w = await mgr.client.create(WidgetResource, newWidget(namespace, `probe-${Date.now()}`, {}), {
          dryRun: true,
        });
        return w.spec.color === 'green' ? true : undefined;
      },
      30_000,
    );
  });

  afterAll(async () => {
    stop.abort();
    await running?.catch(() => undefined);
    await env?.stop();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it('applies the defaulter to objects the API server stores', async () => {
    const created = await mgr.client.create(WidgetResource, newWidget(namespace, 'defaulted', { message: 'hi' }));
    expect(created.spec).toEqual({ message: 'hi', color: 'green', size: 1 });
    const stored = await mgr.apiReader.get(WidgetResource, { namespace, name: 'defaulted' });
    expect(stored.spec.color).toBe('green');
    // Explicit values are kept.
    const explicit = await mgr.client.create(
      WidgetResource,
      newWidget(namespace, 'explicit', { color: 'red', size: 5 }),
    );
    expect(explicit.spec).toEqual({ color: 'red', size: 5 });
    expect(defaulter.operations).toContain('CREATE');
  });

  it('denies a create with the validator message', async () => {
    const err = await mgr.client.create(WidgetResource, newWidget(namespace, 'huge', { size: 11 })).then(
      () => new Error('an invalid Widget was accepted'),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(403);
    expect((err as ApiError).message).toContain('spec.size 11 is larger than 10');
    expect((err as ApiError).message).toContain('vwidget.e2e.operator-ts.dev');
  });

  it('validates updates against the old object and deletes', async () => {
    const err = await mgr.client
      .patch(WidgetResource, { namespace, name: 'explicit' }, { type: 'merge', data: { spec: { color: 'blue' } } })
      .then(
        () => new Error('an immutable field was changed'),
        (e: unknown) => e,
      );
    expect((err as ApiError).message).toContain('spec.color is immutable (was red)');

    await mgr.client.patch(
      WidgetResource,
      { namespace, name: 'explicit' },
      { type: 'merge', data: { metadata: { labels: { protected: 'true' } } } },
    );
    const denied = await mgr.client.delete(WidgetResource, { namespace, name: 'explicit' }).then(
      () => new Error('a protected Widget was deleted'),
      (e: unknown) => e,
    );
    expect((denied as ApiError).message).toContain('protected widgets cannot be deleted');
    await mgr.client.patch(
      WidgetResource,
      { namespace, name: 'explicit' },
      { type: 'merge', data: { metadata: { labels: null } } },
    );
    await mgr.client.delete(WidgetResource, { namespace, name: 'explicit' });
  });

  it('converts between versions through the conversion webhook', async () => {
    const created = await mgr.client.create(GadgetV1Resource, {
      apiVersion: GadgetV1Resource.apiVersion,
      kind: 'Gadget',
      metadata: { name: 'converted', namespace },
      spec: { size: 4 },
    });
    expect(created.spec).toEqual({ size: 4 });
    const asHub = await mgr.apiReader.get(GadgetV2Resource, { namespace, name: 'converted' });
    expect(asHub.apiVersion).toBe(GadgetV2Resource.apiVersion);
    expect(asHub.spec).toEqual({ replicas: 4 });
    await mgr.client.patch(
      GadgetV2Resource,
      { namespace, name: 'converted' },
      { type: 'merge', data: { spec: { replicas: 6 } } },
    );
    const asSpoke = await mgr.apiReader.list(GadgetV1Resource, { namespace });
    expect(asSpoke.map((g) => [g.apiVersion, g.metadata?.name, g.spec.size])).toEqual([
      [GadgetV1Resource.apiVersion, 'converted', 6],
    ]);
  });
});

describe.skipIf(isBinaryAssets(assets))('webhooks called by a real API server (skipped)', () => {
  it.skip(`needs envtest binaries: ${isBinaryAssets(assets) ? '' : assets.missing}`, () => undefined);
});
