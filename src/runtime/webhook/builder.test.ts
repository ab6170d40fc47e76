import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// Serving certificate from the testing package's throw-away CA (@peculiar/x509).
import { TinyCA } from '../../testing/certs.js';
import { builtin } from '../builtin.js';
import { silentLogger } from '../log/logger.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import type { Wire } from '../wire.js';
import type { AdmissionReview, CustomDefaulter, CustomValidator } from './admission.js';
import { CONVERSION_PATH, defaultingPath, newWebhookManagedBy, validationPath } from './builder.js';
import type { ConversionReview } from './conversion.js';
import { WebhookServer } from './server.js';

interface Memcached extends KubernetesObject {
  spec?: { size?: number; containerPort?: number };
}
interface V2Memcached extends KubernetesObject {
  spec?: { replicas?: number };
}
const V1 = defineResource<Memcached>({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});
const Hub = defineResource<V2Memcached>({
  group: 'cache.example.com',
  version: 'v2',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});

const defaulter: CustomDefaulter<Memcached> = {
  async default(_ctx, obj) {
    obj.spec ??= {};
    obj.spec.containerPort ??= 11211;
  },
};
const validator: CustomValidator<Memcached> = {
  async validateCreate(_ctx, obj) {
    if ((obj.spec?.size ?? 0) > 2) throw new Error('spec.size must be at most 2');
  },
  async validateUpdate() {},
  async validateDelete() {},
};

describe('webhook paths', () => {
  it('follow controller-runtime: group dots to dashes, version, lower-case kind', () => {
    expect(defaultingPath(V1)).toBe('/mutate-cache-example-com-v1alpha1-memcached');
    expect(validationPath(V1)).toBe('/validate-cache-example-com-v1alpha1-memcached');
    expect(defaultingPath(builtin.Pod)).toBe('/mutate--v1-pod');
    expect(validationPath(builtin.Deployment)).toBe('/validate-apps-v1-deployment');
  });
});

describe('newWebhookManagedBy', () => {
  const mgrWith = (server: WebhookServer) => ({ getWebhookServer: () => server, logger: silentLogger() });

  it('registers defaulting, validating and one conversion path; custom paths replace the defaults', () => {
    const server = new WebhookServer({ logger: silentLogger() });
    newWebhookManagedBy(mgrWith(server)).for(V1).withDefaulter(defaulter).withValidator(validator).complete();
    expect(server.registered('/mutate-cache-example-com-v1alpha1-memcached')).toBe(true);
    expect(server.registered('/validate-cache-example-com-v1alpha1-memcached')).toBe(true);
    newWebhookManagedBy(mgrWith(server))
      .for(Hub)
      .withConversion({
        hub: 'v2',
        spokes: {
          v1alpha1: {
            toHub: (o: Wire<Memcached>): Wire<V2Memcached> => ({ ...o, spec: { replicas: o.spec?.size } }),
            fromHub: (h: Wire<V2Memcached>): Wire<Memcached> => ({ ...h, spec: { size: h.spec?.replicas } }),
          },
        },
      })
      .complete();
    newWebhookManagedBy(mgrWith(server)).for(builtin.ConfigMap).withConversion({ hub: 'v1', spokes: {} }).complete();
    expect(server.registered(CONVERSION_PATH)).toBe(true);
    newWebhookManagedBy(mgrWith(server))
      .for(builtin.Pod)
      .withDefaulter({ default: async () => {} })
      .withDefaulterPath('/custom-pod')
      .complete();
    expect(server.registered('/custom-pod')).toBe(true);
    expect(server.registered('/mutate--v1-pod')).toBe(false);
  });

  it('refuses incomplete configurations', () => {
    const server = new WebhookServer({ logger: silentLogger() });
    expect(() => newWebhookManagedBy(mgrWith(server)).complete()).toThrow(/call for/);
    expect(() => newWebhookManagedBy(mgrWith(server)).for(V1).complete()).toThrow(
      /withDefaulter, withValidator, withConversion or withSidecarInjector/,
    );
    expect(() =>
      newWebhookManagedBy(mgrWith(server)).for(V1).withValidator(validator).withDefaulterPath('/x').complete(),
    ).toThrow(/needs withDefaulter/);
  });

  it('serves the registered webhooks over HTTPS end to end', async () => {
    const ca = await TinyCA.create('builder-test');
    const pair = await ca.issueServingCert({ hosts: ['127.0.0.1'] });
    const dir = await mkdtemp(join(tmpdir(), 'webhook-builder-'));
    await writeFile(join(dir, 'tls.crt'), pair.certPem);
    await writeFile(join(dir, 'tls.key'), pair.keyPem);
    const server = new WebhookServer({ port: 0, host: '127.0.0.1', certDir: dir, logger: silentLogger() });
    newWebhookManagedBy(mgrWith(server)).for(V1).withDefaulter(defaulter).withValidator(validator).complete();
    newWebhookManagedBy(mgrWith(server))
      .for(Hub)
      .withConversion({
        hub: 'v2',
        spokes: {
          v1: {
            toHub: (o: Wire<Memcached>): Wire<V2Memcached> => ({ ...o, spec: { replicas: o.spec?.size } }),
            fromHub: (h: Wire<V2Memcached>): Wire<Memcached> => ({ ...h, spec: { size: h.spec?.replicas } }),
          },
        },
      })
      .complete();
    const ac = new AbortController();
    const running = server.start(ac.signal);
    await server.ready();
    const post = (path: string, body: unknown) =>
      new Promise<{ status: number; json: unknown }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            ca: ca.certPem,
          },
          (res) => {
            let data = '';
            res.on('data', (c: Buffer) => (data += c.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) as unknown }));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(body));
      });
    try {
      const create = JSON.parse(
        readFileSync(new URL('./testdata/admission-create.json', import.meta.url), 'utf8'),
      ) as AdmissionReview;
      const mutate = await post('/mutate-cache-example-com-v1alpha1-memcached', create);
      expect(mutate.status).toBe(200);
      expect((mutate.json as AdmissionReview).response).toMatchObject({
        uid: create.request!.uid,
        allowed: true,
        patchType: 'JSONPatch',
      });
      const validate = await post('/validate-cache-example-com-v1alpha1-memcached', create);
      expect((validate.json as AdmissionReview).response).toMatchObject({
        allowed: false,
        status: { code: 403, message: 'spec.size must be at most 2' },
      });
      const conversion = JSON.parse(
        readFileSync(new URL('./testdata/conversion-v1-to-v2.json', import.meta.url), 'utf8'),
      ) as ConversionReview;
      const convert = await post('/convert', conversion);
      expect((convert.json as ConversionReview).response?.result.status).toBe('Success');
      expect(((convert.json as ConversionReview).response?.convertedObjects[0] as V2Memcached).spec).toEqual({
        replicas: 3,
      });
    } finally {
      ac.abort();
      await running;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
