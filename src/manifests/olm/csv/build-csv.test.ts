import { describe, expect, it } from 'vitest';
import { isUserError } from '../../../errors/user-error.js';
import { FIXTURE_OPTIONS, fixtureBaseCsv, fixtureManifests } from '../testdata/memcached-fixture.js';
import { nameOf, type Obj } from '../model/objects.js';
import { buildCsv, pickBaseCsv, type CsvOptions } from './build-csv.js';
import { collectManifests } from './collect.js';

const OPTIONS: CsvOptions = { ...FIXTURE_OPTIONS };

function build(manifests: Obj[] = fixtureManifests(), base: Obj = fixtureBaseCsv(), options: Partial<CsvOptions> = {}) {
  return buildCsv(base, collectManifests(manifests), { ...OPTIONS, ...options });
}

function userError(fn: () => unknown): { message: string; hint: string } {
  try {
    fn();
  } catch (err) {
    if (isUserError(err)) return { message: err.message, hint: err.hint ?? '' };
    throw err;
  }
  throw new Error('expected a UserError');
}

describe('buildCsv', () => {
  it('names the CSV and sets the version', () => {
    const { csv } = build();
    expect(csv.metadata.name).toBe('memcached-operator.v0.1.0');
    expect(csv.spec.version).toBe('0.1.0');
    expect(csv.spec.install.strategy).toBe('deployment');
  });

  it('keeps base edits: descriptors, user fields, annotations, labels', () => {
    const base = fixtureBaseCsv();
    base.spec.description = 'Hand-written description';
    base.metadata.annotations['operatorframework.io/suggested-namespace'] = 'memcached';
    base.spec.nativeAPIs = [{ group: '', version: 'v1', kind: 'Pod' }];
    const { csv } = build(undefined, base);
    expect(csv.spec.description).toBe('Hand-written description');
    expect(csv.metadata.annotations['operatorframework.io/suggested-namespace']).toBe('memcached');
    expect(csv.metadata.labels['operatorframework.io/arch.amd64']).toBe('supported');
    expect(csv.spec.nativeAPIs).toEqual([{ group: '', version: 'v1', kind: 'Pod' }]);
    expect(csv.spec.customresourcedefinitions.owned[0].specDescriptors[0].path).toBe('size');
    expect(csv.spec.maintainers[0].name).toBe('Jane Maintainer');
  });

  it('drops owned entries for CRDs no longer in the input and does not mutate the base', () => {
    const base = fixtureBaseCsv();
    const { csv } = build(undefined, base);
    expect(csv.spec.customresourcedefinitions.owned.map((e: Obj) => e.name)).toEqual(['memcacheds.cache.example.com']);
    expect(base.spec.customresourcedefinitions.owned).toHaveLength(2);
    expect(base.metadata.name).toBe('memcached-operator.v0.0.0');
  });

  it('absorbs RBAC bound to the operator service account and leaves the rest', () => {
    const { csv, consumed } = build();
    expect(csv.spec.install.spec.permissions).toHaveLength(1);
    expect(csv.spec.install.spec.clusterPermissions[0].rules).toHaveLength(7);
    const consumedNames = [...consumed].map(nameOf).sort();
    expect(consumedNames).toContain('memcached-operator-manager-role');
    expect(consumedNames).not.toContain('memcached-operator-metrics-reader');
  });

  it('writes createdAt only when asked', () => {
    expect(build().csv.metadata.annotations.createdAt).toBeUndefined();
    expect(build(undefined, undefined, { createdAt: '2026-01-01T00:00:00Z' }).csv.metadata.annotations.createdAt).toBe(
      '2026-01-01T00:00:00Z',
    );
  });

  it('applies replaces, skips, skipRange, minKubeVersion and installModes options', () => {
    const { csv } = build(undefined, undefined, {
      replaces: 'memcached-operator.v0.0.9',
      skips: ['memcached-operator.v0.0.8'],
      skipRange: '>=0.0.1 <0.1.0',
      minKubeVersion: '1.30.0',
      installModes: { OwnNamespace: true, AllNamespaces: true },
    });
    expect(csv.spec.replaces).toBe('memcached-operator.v0.0.9');
    expect(csv.spec.skips).toEqual(['memcached-operator.v0.0.8']);
    expect(csv.metadata.annotations['olm.skipRange']).toBe('>=0.0.1 <0.1.0');
    expect(csv.spec.minKubeVersion).toBe('1.30.0');
    expect(csv.spec.installModes).toEqual([
      { supported: true, type: 'OwnNamespace' },
      { supported: false, type: 'SingleNamespace' },
      { supported: false, type: 'MultiNamespace' },
      { supported: true, type: 'AllNamespaces' },
    ]);
  });

  it('sorts alm-examples by apiVersion/kind and strips namespaces', () => {
    const extra = {
      apiVersion: 'cache.example.com/v1alpha1',
      kind: 'Memcached',
      metadata: { name: 'a-sample', namespace: 'x' },
      spec: { size: 1 },
    };
    const { csv } = build([...fixtureManifests(), extra]);
    const examples = JSON.parse(csv.metadata.annotations['alm-examples']) as Obj[];
    expect(examples.map((e) => e.metadata.name)).toEqual(['a-sample', 'memcached-sample']);
    expect(examples[0]?.metadata.namespace).toBeUndefined();
  });

  it('keeps hand-written base examples for owned APIs without samples, drops the others', () => {
    const base = fixtureBaseCsv();
    base.metadata.annotations['alm-examples'] = JSON.stringify([
      { apiVersion: 'cache.example.com/v1alpha1', kind: 'Memcached', metadata: { name: 'hand-written' } },
      { apiVersion: 'other.io/v1', kind: 'Gone', metadata: { name: 'stale' } },
    ]);
    const noSamples = fixtureManifests().filter((o) => o.kind !== 'Memcached');
    const names = (csv: Obj): string[] =>
      (JSON.parse(csv.metadata.annotations['alm-examples']) as Obj[]).map((e) => e.metadata.name);
    expect(names(build(noSamples, base).csv)).toEqual(['hand-written']);
    expect(names(build(undefined, base).csv)).toEqual(['memcached-sample']);
  });

  it('merges marker descriptors into owned CRDs', () => {
    const { csv } = build(undefined, undefined, {
      descriptors: [
        {
          group: 'cache.example.com',
          version: 'v1alpha1',
          kind: 'Memcached',
          displayName: 'Memcached Cluster',
          resources: [
            { kind: 'Service', version: 'v1', name: '' },
            { kind: 'Deployment', version: 'v1' },
          ],
          specDescriptors: [
            {
              path: 'size',
              displayName: 'Replicas',
              xDescriptors: ['urn:alm:descriptor:com.tectonic.ui:podCount'],
              order: 1,
            },
            { path: 'image', displayName: 'Image', order: 0 },
          ],
        },
      ],
    });
    const owned = csv.spec.customresourcedefinitions.owned[0];
    expect(owned.displayName).toBe('Memcached Cluster');
    expect(owned.description).toBe('Memcached is the Schema for the memcacheds API');
    expect(owned.resources.map((r: Obj) => r.kind)).toEqual(['Deployment', 'Service']);
    expect(owned.specDescriptors).toEqual([
      { path: 'image', displayName: 'Image' },
      { path: 'size', displayName: 'Replicas', 'x-descriptors': ['urn:alm:descriptor:com.tectonic.ui:podCount'] },
    ]);
    expect(owned.statusDescriptors[0].path).toBe('conditions');
  });

  it('lists related images from containers and RELATED_IMAGE_ env vars, keeping base entries', () => {
    const { csv } = build();
    expect(csv.spec.relatedImages).toEqual([
      { image: 'docker.io/library/busybox:1.36', name: 'busybox' },
      { image: 'quay.io/example/memcached-operator:v0.1.0', name: 'manager' },
      { image: 'docker.io/library/memcached:1.6.26-alpine3.19', name: 'memcached' },
    ]);
  });

  it('never writes an empty related image name when one image has two names', () => {
    const manifests = fixtureManifests();
    const dep = manifests.find((o) => o.kind === 'Deployment') as Obj;
    dep.spec.template.spec.containers[0].env.push({
      name: 'RELATED_IMAGE_CACHE',
      value: 'docker.io/library/memcached:1.6.26-alpine3.19',
    });
    const { csv, warnings } = build(manifests);
    expect(csv.spec.relatedImages.every((r: Obj) => r.name !== '')).toBe(true);
    expect(csv.spec.relatedImages.filter((r: Obj) => r.image.includes('memcached:1.6'))).toHaveLength(1);
    expect(warnings.join('\n')).toMatch(/referenced as "memcached" and "cache"/);
  });

  it('builds a conversion webhook definition from a CRD with conversion.webhook', () => {
    const manifests = fixtureManifests();
    const crd = manifests.find((o) => o.kind === 'CustomResourceDefinition') as Obj;
    crd.spec.conversion = {
      strategy: 'Webhook',
      webhook: {
        clientConfig: { service: { name: 'memcached-operator-webhook-service', namespace: 'x', path: '/convert' } },
        conversionReviewVersions: ['v1'],
      },
    };
    const { csv } = build(manifests);
    const conv = csv.spec.webhookdefinitions.find((w: Obj) => w.type === 'ConversionWebhook');
    expect(conv).toEqual({
      admissionReviewVersions: ['v1'],
      containerPort: 443,
      conversionCRDs: ['memcacheds.cache.example.com'],
      deploymentName: 'memcached-operator-controller-manager',
      generateName: 'cmemcacheds.kb.io',
      sideEffects: 'None',
      targetPort: 9443,
      type: 'ConversionWebhook',
      webhookPath: '/convert',
    });
  });

  it('points WATCH_NAMESPACE at olm.targetNamespaces', () => {
    const env = build().csv.spec.install.spec.deployments[0].spec.template.spec.containers[0].env as Obj[];
    expect(env.find((e) => e.name === 'WATCH_NAMESPACE')?.valueFrom.fieldRef.fieldPath).toBe(
      "metadata.annotations['olm.targetNamespaces']",
    );
  });

  describe('bad input', () => {
    it('rejects a non-semver version', () => {
      for (const v of ['v0.1.0', '0.1', '01.0.0', ' 0.1.0']) {
        const e = userError(() => build(undefined, undefined, { version: v }));
        expect(e.message).toContain(`"${v}"`);
        expect(e.hint).toMatch(/--version 0.1.0/);
      }
    });
    it('accepts pre-release and build metadata', () => {
      expect(build(undefined, undefined, { version: '1.0.0-rc.1+abc' }).csv.metadata.name).toBe(
        'memcached-operator.v1.0.0-rc.1+abc',
      );
    });
    it('rejects input without a Deployment', () => {
      const e = userError(() => build(fixtureManifests().filter((o) => o.kind !== 'Deployment')));
      expect(e.message).toMatch(/no Deployment/);
      expect(e.hint).toMatch(/kubectl kustomize config\/manifests/);
    });
    it('rejects a service account bound to nothing, naming it', () => {
      const e = userError(() => build(fixtureManifests().filter((o) => !o.kind.endsWith('Binding'))));
      expect(e.message).toContain('ServiceAccount "memcached-operator-controller-manager"');
      expect(e.message).toContain('Deployment/memcached-operator-controller-manager');
      expect(e.hint).toMatch(/RoleBinding or ClusterRoleBinding/);
    });
    it('rejects a RELATED_IMAGE_ env var with valueFrom', () => {
      const manifests = fixtureManifests();
      const dep = manifests.find((o) => o.kind === 'Deployment') as Obj;
      dep.spec.template.spec.containers[0].env.push({
        name: 'RELATED_IMAGE_X',
        valueFrom: { configMapKeyRef: { name: 'a', key: 'b' } },
      });
      expect(userError(() => build(manifests)).message).toContain('RELATED_IMAGE_X');
    });
    it('reports a missing base CSV with its path and the fix', () => {
      const e = userError(() =>
        pickBaseCsv(
          collectManifests(fixtureManifests()),
          'memcached-operator',
          undefined,
          'config/manifests/bases/memcached-operator.clusterserviceversion.yaml',
        ),
      );
      expect(e.message).toContain('config/manifests/bases/memcached-operator.clusterserviceversion.yaml');
      expect(e.hint).toMatch(/--base-csv/);
    });
    it('prefers a base CSV that came with the input', () => {
      const inInput = { ...fixtureBaseCsv(), spec: { ...fixtureBaseCsv().spec, displayName: 'From Input' } };
      expect(
        pickBaseCsv(collectManifests([...fixtureManifests(), inInput]), 'memcached-operator', fixtureBaseCsv(), 'x')
          .spec.displayName,
      ).toBe('From Input');
    });
  });
});
