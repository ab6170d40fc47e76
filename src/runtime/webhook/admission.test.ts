import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log/logger.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import {
  AdmissionError,
  type AdmissionContext,
  type AdmissionReview,
  type CustomDefaulter,
  type CustomValidator,
  type Warnings,
} from './admission.js';
import { defaultingHandler } from './defaulting.js';
import { validatingHandler } from './validating.js';

interface Memcached extends KubernetesObject {
  spec?: { size?: number; containerPort?: number };
}
const MemcachedResource = defineResource<Memcached>({
  group: 'cache.example.com',
  version: 'v1alpha1',
  kind: 'Memcached',
  plural: 'memcacheds',
  namespaced: true,
});

const fixture = (name: string): AdmissionReview =>
  JSON.parse(readFileSync(new URL(`./testdata/${name}.json`, import.meta.url), 'utf8')) as AdmissionReview;
const ctx = () => ({ signal: new AbortController().signal, log: silentLogger() });
const decodePatch = (r: AdmissionReview) =>
  JSON.parse(Buffer.from(r.response?.patch ?? '', 'base64').toString()) as unknown;

class Defaulter implements CustomDefaulter<Memcached> {
  seen: AdmissionContext[] = [];
  async default(c: AdmissionContext, obj: Memcached): Promise<void> {
    this.seen.push(c);
    obj.spec ??= {};
    obj.spec.containerPort ??= 11211;
    if ((obj.spec.size ?? 0) > 100) throw new Error('size too large to default');
  }
}

/** deepReview is a CREATE review of a Memcached whose spec.extra nests `levels` objects. */
function deepReview(levels: number): AdmissionReview {
  const review = fixture('admission-create');
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i++) v = { a: v };
  (review.request!.object as { spec: Record<string, unknown> }).spec.extra = v;
  return review;
}

describe('defaultingHandler', () => {
  it('defaults objects nested as deep as the API server stores them', async () => {
    // The fixture's object nests spec.extra three levels down; 9 990 more is about what kube-apiserver accepts.
    const res = (await defaultingHandler(MemcachedResource, new Defaulter())(
      deepReview(9_990),
      ctx(),
    )) as AdmissionReview;
    expect(res.response).toMatchObject({ allowed: true, patchType: 'JSONPatch' });
    expect(decodePatch(res)).toEqual([{ op: 'add', path: '/spec/containerPort', value: 11211 }]);
    const validated = (await validatingHandler(MemcachedResource, new Validator())(
      deepReview(9_990),
      ctx(),
    )) as AdmissionReview;
    expect(validated.response?.allowed).toBe(true);
  });

  it('answers 400 for an object deeper than the API server decodes, instead of overflowing the stack', async () => {
    const res = (await defaultingHandler(MemcachedResource, new Defaulter())(
      deepReview(10_000),
      ctx(),
    )) as AdmissionReview;
    expect(res.response).toMatchObject({ allowed: false, status: { code: 400, reason: 'BadRequest' } });
    expect(res.response?.status?.message).toMatch(/^request\.object is nested more than 10000 levels deep/);
  });

  it('answers CREATE with a base64 JSONPatch from the original to the defaulted object', async () => {
    const d = new Defaulter();
    const res = (await defaultingHandler(MemcachedResource, d)(fixture('admission-create'), ctx())) as AdmissionReview;
    expect(res).toMatchObject({
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      response: { uid: '0df28fbd-5f5f-11e8-ab8e-42010a800002', allowed: true, patchType: 'JSONPatch' },
    });
    expect(decodePatch(res)).toEqual([{ op: 'add', path: '/spec/containerPort', value: 11211 }]);
    expect(d.seen[0]?.request.userInfo.username).toBe('kubernetes-admin');
    expect(d.seen[0]?.request.operation).toBe('CREATE');
  });

  it('sends no patch when nothing changed (UPDATE with the default already set)', async () => {
    const res = (await defaultingHandler(MemcachedResource, new Defaulter())(
      fixture('admission-update'),
      ctx(),
    )) as AdmissionReview;
    expect(res.response?.allowed).toBe(true);
    expect(res.response?.patch).toBeUndefined();
    expect(res.response?.patchType).toBeUndefined();
  });

  it('allows DELETE without calling the defaulter', async () => {
    const d = new Defaulter();
    const res = (await defaultingHandler(MemcachedResource, d)(fixture('admission-delete'), ctx())) as AdmissionReview;
    expect(res.response).toMatchObject({ uid: '9e8d7c6b-0000-4000-8000-000000000003', allowed: true });
    expect(d.seen).toHaveLength(0);
  });

  it('denies with 403 when the defaulter throws, and 400 for a review without object', async () => {
    const review = fixture('admission-create');
    (review.request!.object as Memcached).spec!.size = 1000;
    const res = (await defaultingHandler(MemcachedResource, new Defaulter())(review, ctx())) as AdmissionReview;
    expect(res.response).toMatchObject({
      allowed: false,
      status: { code: 403, reason: 'Forbidden', message: 'size too large to default' },
    });
    const empty = fixture('admission-create');
    empty.request!.object = null;
    const bad = (await defaultingHandler(MemcachedResource, new Defaulter())(empty, ctx())) as AdmissionReview;
    expect(bad.response).toMatchObject({ allowed: false, status: { code: 400 } });
  });

  it('rejects bodies that are not AdmissionReviews and requests for another kind', async () => {
    const notReview = (await defaultingHandler(MemcachedResource, new Defaulter())(
      { hello: 'world' },
      ctx(),
    )) as AdmissionReview;
    expect(notReview.response).toMatchObject({ allowed: false, status: { code: 400 } });
    const other = fixture('admission-create');
    other.request!.kind.kind = 'Redis';
    const wrong = (await defaultingHandler(MemcachedResource, new Defaulter())(other, ctx())) as AdmissionReview;
    expect(wrong.response).toMatchObject({ uid: other.request!.uid, allowed: false, status: { code: 400 } });
  });
});

class Validator implements CustomValidator<Memcached> {
  calls: string[] = [];
  async validateCreate(_c: AdmissionContext, obj: Memcached): Promise<Warnings | void> {
    this.calls.push(`create:${obj.spec?.size}`);
    if ((obj.spec?.size ?? 0) < 1) throw new Error('spec.size must be at least 1');
    return ['size 3 is small for production'];
  }
  async validateUpdate(_c: AdmissionContext, oldObj: Memcached, newObj: Memcached): Promise<Warnings | void> {
    this.calls.push(`update:${oldObj.spec?.size}->${newObj.spec?.size}`);
    if ((newObj.spec?.size ?? 0) > 4)
      throw new AdmissionError('spec.size: Invalid value: 5: must be at most 4', 422, 'Invalid');
  }
  async validateDelete(c: AdmissionContext, obj: Memcached): Promise<Warnings | void> {
    this.calls.push(`delete:${obj.metadata?.name}:dryRun=${c.request.dryRun}`);
    if (obj.metadata?.labels?.protected === 'true') throw new Error('memcached-sample is protected');
  }
}

describe('validatingHandler', () => {
  it('calls validateCreate with request.object and returns its warnings', async () => {
    const v = new Validator();
    const res = (await validatingHandler(MemcachedResource, v)(fixture('admission-create'), ctx())) as AdmissionReview;
    expect(v.calls).toEqual(['create:3']);
    expect(res.response).toEqual({
      uid: '0df28fbd-5f5f-11e8-ab8e-42010a800002',
      allowed: true,
      status: { code: 200 },
      warnings: ['size 3 is small for production'],
    });
  });

  it('calls validateUpdate with oldObject and object; an error with a code keeps it', async () => {
    const v = new Validator();
    const res = (await validatingHandler(MemcachedResource, v)(fixture('admission-update'), ctx())) as AdmissionReview;
    expect(v.calls).toEqual(['update:3->5']);
    expect(res.response).toMatchObject({
      uid: '6a1b2c3d-0000-4000-8000-000000000002',
      allowed: false,
      status: { code: 422, reason: 'Invalid', message: 'spec.size: Invalid value: 5: must be at most 4' },
    });
  });

  it('calls validateDelete with oldObject; a plain Error denies with 403 Forbidden', async () => {
    const v = new Validator();
    const res = (await validatingHandler(MemcachedResource, v)(fixture('admission-delete'), ctx())) as AdmissionReview;
    expect(v.calls).toEqual(['delete:memcached-sample:dryRun=true']);
    expect(res.response).toEqual({
      uid: '9e8d7c6b-0000-4000-8000-000000000003',
      allowed: false,
      status: { code: 403, reason: 'Forbidden', message: 'memcached-sample is protected' },
    });
  });

  it('denies a create that fails validation', async () => {
    const review = fixture('admission-create');
    (review.request!.object as Memcached).spec!.size = 0;
    const res = (await validatingHandler(MemcachedResource, new Validator())(review, ctx())) as AdmissionReview;
    expect(res.response).toMatchObject({
      allowed: false,
      status: { code: 403, message: 'spec.size must be at least 1' },
    });
  });
});
