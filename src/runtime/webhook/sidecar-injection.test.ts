import type { V1Pod } from '@kubernetes/client-node';
import fastJsonPatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { builtin } from '../builtin.js';
import { silentLogger } from '../log/logger.js';
import type { Wire } from '../wire.js';
import { AdmissionError, type AdmissionOperation, type AdmissionReview } from './admission.js';
import { newWebhookManagedBy } from './builder.js';
import { WebhookServer } from './server.js';
import { SIDECAR_INJECTION_PATH, SidecarInjector, type SidecarInjectorOptions } from './sidecar-injection.js';

type Pod = Wire<V1Pod>;

const PREFIX = 'sidecar.example.com';
const INJECT = `${PREFIX}/inject`;
const STATUS = `${PREFIX}/status`;
const ctx = () => ({ signal: new AbortController().signal, log: silentLogger() });

const proxy = { name: 'proxy', image: 'registry.example.com/proxy:1.0', args: ['run'] };
const render: SidecarInjectorOptions['render'] = () => ({
  containers: [proxy],
  initContainers: [{ name: 'proxy-init', image: 'registry.example.com/proxy-init:1.0' }],
  volumes: [{ name: 'proxy-certs', emptyDir: {} }],
});

function pod(fields: { annotations?: Record<string, string>; spec?: Partial<Pod['spec']> } = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: 'app',
      namespace: 'team-a',
      ...(fields.annotations !== undefined ? { annotations: fields.annotations } : {}),
    },
    spec: { containers: [{ name: 'app', image: 'registry.example.com/app:2.0' }], ...fields.spec },
  };
}

function admission(operation: AdmissionOperation, object: unknown, kind = 'Pod'): AdmissionReview {
  return {
    apiVersion: 'admission.k8s.io/v1',
    kind: 'AdmissionReview',
    request: {
      uid: 'u-1',
      kind: { group: '', version: 'v1', kind },
      resource: { group: '', version: 'v1', resource: 'pods' },
      operation,
      userInfo: { username: 'tester' },
      namespace: 'team-a',
      object,
      ...(operation === 'UPDATE' ? { oldObject: object } : {}),
    },
  };
}

/** admit sends a review through the injector's handler and returns the response and the Pod as admitted. */
async function admit(injector: SidecarInjector, object: Pod, operation: AdmissionOperation = 'CREATE') {
  const res = (await injector.handler()(admission(operation, object), ctx())) as AdmissionReview;
  const response = res.response!;
  const ops =
    response.patch === undefined
      ? []
      : (JSON.parse(Buffer.from(response.patch, 'base64').toString()) as fastJsonPatch.Operation[]);
  // validateOperation=true: an operation on a path that does not exist throws, as the API server refuses it.
  const admitted = fastJsonPatch.applyPatch(structuredClone(object), ops, true, false).newDocument;
  return { response, ops, admitted };
}

const annotated = (extra: Record<string, string> = {}) => ({ [INJECT]: 'true', ...extra });

describe('SidecarInjector', () => {
  it('injects containers, init containers, volumes and the status annotation into an annotated Pod', async () => {
    const { response, ops, admitted } = await admit(
      new SidecarInjector({ annotationPrefix: PREFIX, render }),
      pod({ annotations: annotated() }),
    );
    expect(response).toMatchObject({ uid: 'u-1', allowed: true, patchType: 'JSONPatch' });
    expect(admitted.spec?.containers.map((c) => c.name)).toEqual(['app', 'proxy']);
    expect(admitted.spec?.initContainers?.map((c) => c.name)).toEqual(['proxy-init']);
    expect(admitted.spec?.volumes).toEqual([{ name: 'proxy-certs', emptyDir: {} }]);
    expect(JSON.parse(admitted.metadata?.annotations?.[STATUS] ?? '')).toEqual({
      containers: ['proxy'],
      initContainers: ['proxy-init'],
      volumes: ['proxy-certs'],
    });
    expect(admitted.metadata?.annotations?.[INJECT]).toBe('true');
    // The Pod had no initContainers and no volumes: the patch adds the lists; the annotation key is escaped.
    expect(ops).toContainEqual({
      op: 'add',
      path: '/spec/initContainers',
      value: [{ name: 'proxy-init', image: 'registry.example.com/proxy-init:1.0' }],
    });
    expect(ops).toContainEqual({ op: 'add', path: '/spec/containers/1', value: proxy });
    expect(ops.some((o) => o.path === '/metadata/annotations/sidecar.example.com~1status')).toBe(true);
  });

  it('appends to existing annotations, init containers and volumes without touching them', async () => {
    const original = pod({
      annotations: annotated({
        'team.example.com/owner': 'a',
        'kubectl.kubernetes.io/last-applied-configuration': '{}',
      }),
      spec: {
        initContainers: [{ name: 'migrate', image: 'registry.example.com/migrate:1' }],
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
      },
    });
    const { ops, admitted } = await admit(new SidecarInjector({ annotationPrefix: PREFIX, render }), original);
    expect(admitted.spec?.initContainers?.map((c) => c.name)).toEqual(['migrate', 'proxy-init']);
    expect(admitted.spec?.volumes?.map((v) => v.name)).toEqual(['data', 'proxy-certs']);
    expect(admitted.metadata?.annotations).toMatchObject({
      'team.example.com/owner': 'a',
      'kubectl.kubernetes.io/last-applied-configuration': '{}',
    });
    // Only additions: nothing of the Pod's own is replaced or removed.
    expect(ops.every((o) => o.op === 'add')).toBe(true);
  });

  it('leaves a Pod alone unless the annotation is exactly "true"', async () => {
    const injector = new SidecarInjector({ annotationPrefix: PREFIX, render });
    const cases: (Record<string, string> | undefined)[] = [
      undefined,
      {},
      { [INJECT]: 'false' },
      { [INJECT]: 'yes' },
      { 'other.example.com/inject': 'true' },
    ];
    for (const annotations of cases) {
      const { response, admitted } = await admit(injector, pod(annotations === undefined ? {} : { annotations }));
      expect(response.allowed).toBe(true);
      expect(response.patch).toBeUndefined();
      expect(admitted.spec?.containers).toHaveLength(1);
    }
  });

  it('never injects twice: no patch on reinvocation with its own output, nor on UPDATE', async () => {
    let renders = 0;
    const injector = new SidecarInjector({ annotationPrefix: PREFIX, render: (c, p) => (renders++, render(c, p)) });
    const first = await admit(injector, pod({ annotations: annotated() }));
    const reinvoked = await admit(injector, first.admitted);
    expect(reinvoked.response.patch).toBeUndefined();
    const updated = await admit(
      injector,
      { ...first.admitted, metadata: { ...first.admitted.metadata, labels: { v: '2' } } },
      'UPDATE',
    );
    expect(updated.response.patch).toBeUndefined();
    expect(renders).toBe(1);
    expect(injector.status(first.admitted)).toEqual({
      containers: ['proxy'],
      initContainers: ['proxy-init'],
      volumes: ['proxy-certs'],
    });
    expect(injector.status(pod())).toBeUndefined();
  });

  it('does not inject when the Pod already has a container of the sidecar, and never injects on UPDATE', async () => {
    const injector = new SidecarInjector({ annotationPrefix: PREFIX, render });
    const manual = pod({
      annotations: annotated(),
      spec: { containers: [{ name: 'app' }, { name: 'proxy', image: 'own:1' }] },
    });
    expect((await admit(injector, manual)).response.patch).toBeUndefined();
    expect((await admit(injector, pod({ annotations: annotated() }), 'UPDATE')).response.patch).toBeUndefined();
  });

  it('refuses a Pod whose volume has the name of a sidecar volume', async () => {
    const clash = pod({ annotations: annotated(), spec: { volumes: [{ name: 'proxy-certs', emptyDir: {} }] } });
    const { response } = await admit(new SidecarInjector({ annotationPrefix: PREFIX, render }), clash);
    expect(response).toMatchObject({
      allowed: false,
      status: {
        code: 400,
        reason: 'BadRequest',
        message: 'the Pod already has a volume named proxy-certs, which the sidecar needs',
      },
    });
  });

  it('preMutate skips a Pod (allow-list) or refuses it by throwing', async () => {
    const injector = new SidecarInjector({
      annotationPrefix: PREFIX,
      render,
      preMutate(c, p) {
        if (p.metadata?.namespace === 'blocked') throw new AdmissionError('namespace blocked may not run meshed Pods');
        return ['team-b'].includes(c.request.namespace ?? '')
          ? undefined
          : { skip: `namespace ${c.request.namespace} is not on the allow-list` };
      },
    });
    const skipped = await admit(injector, pod({ annotations: annotated() }));
    expect(skipped.response.allowed).toBe(true);
    expect(skipped.response.patch).toBeUndefined();
    const blocked = pod({ annotations: annotated() });
    blocked.metadata!.namespace = 'blocked';
    expect((await admit(injector, blocked)).response).toMatchObject({
      allowed: false,
      status: { code: 403, message: 'namespace blocked may not run meshed Pods' },
    });
  });

  it('postMutate changes the rendered sidecar in the Pod', async () => {
    const injector = new SidecarInjector({
      annotationPrefix: PREFIX,
      render,
      postMutate(_c, p, injected) {
        injected.containers[0]!.args!.push('--service-node', `${p.metadata?.namespace}.${p.metadata?.name}`);
      },
    });
    const { admitted } = await admit(injector, pod({ annotations: annotated() }));
    expect(admitted.spec?.containers[1]?.args).toEqual(['run', '--service-node', 'team-a.app']);
    // The template given to render is not changed by postMutate.
    expect(proxy.args).toEqual(['run']);
  });

  it('validate denies with its message or warns, on injected and plain Pods, on CREATE and UPDATE', async () => {
    const seen: string[] = [];
    const injector = new SidecarInjector({
      annotationPrefix: PREFIX,
      render,
      validate(c, p) {
        seen.push(`${c.request.operation}:${p.spec?.containers.length}`);
        const unsigned = [...(p.spec?.containers ?? []), ...(p.spec?.initContainers ?? [])].find(
          (x) => !x.image?.startsWith('registry.example.com/'),
        );
        if (unsigned !== undefined)
          throw new Error(`image ${unsigned.image ?? ''} of container ${unsigned.name} is not signed`);
        return p.metadata?.labels?.['legacy'] === 'true' ? ['legacy Pods are deprecated'] : undefined;
      },
    });
    const bad = pod({
      annotations: annotated(),
      spec: { containers: [{ name: 'app', image: 'docker.io/app:latest' }] },
    });
    expect((await admit(injector, bad)).response).toMatchObject({
      allowed: false,
      status: { code: 403, reason: 'Forbidden', message: 'image docker.io/app:latest of container app is not signed' },
    });
    const legacy = pod();
    legacy.metadata!.labels = { legacy: 'true' };
    expect((await admit(injector, legacy)).response).toMatchObject({
      allowed: true,
      warnings: ['legacy Pods are deprecated'],
    });
    await admit(injector, pod({ annotations: annotated() }), 'UPDATE');
    // validate saw the sidecar on the injected CREATE (2 containers), and the Pod as sent otherwise.
    expect(seen).toEqual(['CREATE:2', 'CREATE:1', 'UPDATE:1']);
  });

  it('allows DELETE untouched and refuses kinds other than Pod', async () => {
    let called = false;
    const injector = new SidecarInjector({ annotationPrefix: PREFIX, render, validate: () => void (called = true) });
    const del = (await injector.handler()(admission('DELETE', undefined), ctx())) as AdmissionReview;
    expect(del.response).toMatchObject({ allowed: true });
    expect(called).toBe(false);
    const other = (await injector.handler()(
      admission('CREATE', { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }, 'Service'),
      ctx(),
    )) as AdmissionReview;
    expect(other.response).toMatchObject({
      allowed: false,
      status: { code: 400, message: 'the sidecar injector admits Pods, not Service' },
    });
  });

  it('takes a DNS subdomain as the annotation prefix', () => {
    expect(() => new SidecarInjector({ annotationPrefix: 'Sidecar/Example', render })).toThrow(
      /must be a DNS subdomain/,
    );
    expect(new SidecarInjector({ annotationPrefix: 'mesh.example.com', render }).injectAnnotation).toBe(
      'mesh.example.com/inject',
    );
  });
});

describe('withSidecarInjector', () => {
  const mgrWith = (server: WebhookServer) => ({ getWebhookServer: () => server, logger: silentLogger() });
  const injector = new SidecarInjector({ annotationPrefix: PREFIX, render });

  it('serves the injector at its own path, next to a Pod defaulting webhook', () => {
    const server = new WebhookServer({ logger: silentLogger() });
    newWebhookManagedBy(mgrWith(server))
      .for(builtin.Pod)
      .withDefaulter({ default: async () => undefined })
      .withSidecarInjector(injector)
      .complete();
    expect(SIDECAR_INJECTION_PATH).toBe('/inject--v1-pod');
    expect(server.registered('/inject--v1-pod')).toBe(true);
    expect(server.registered('/mutate--v1-pod')).toBe(true);
    newWebhookManagedBy(mgrWith(server)).for(builtin.Pod).withSidecarInjector(injector, '/inject-mesh').complete();
    expect(server.registered('/inject-mesh')).toBe(true);
  });

  it('is only for Pods', () => {
    const server = new WebhookServer({ logger: silentLogger() });
    expect(() =>
      newWebhookManagedBy(mgrWith(server)).for(builtin.Deployment).withSidecarInjector(injector).complete(),
    ).toThrow('withSidecarInjector injects into Pods: call for(builtin.Pod), not for(Deployment)');
  });
});
