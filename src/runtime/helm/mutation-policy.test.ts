import { describe, expect, it } from 'vitest';
import type { KubernetesObject } from '../resource.js';
import { checkMutations, defaultMutationPolicy, formatViolations } from './mutation-policy.js';
import { diffObjects } from './object-diff.js';

function deployment(): KubernetesObject & { spec: Record<string, unknown> } {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', labels: { 'app.kubernetes.io/name': 'web' } },
    spec: {
      replicas: 1,
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
    },
  };
}

function mutate<T extends KubernetesObject>(object: T, fn: (copy: T) => void): T {
  const copy = structuredClone(object);
  fn(copy);
  return copy;
}

describe('diffObjects', () => {
  it('reports a new map as one add per leaf, so an allow-list can accept new keys without accepting the map', () => {
    expect(diffObjects({ metadata: {} }, { metadata: { labels: { a: '1', b: '2' } } })).toEqual([
      { path: ['metadata', 'labels', 'a'], op: 'add' },
      { path: ['metadata', 'labels', 'b'], op: 'add' },
    ]);
  });

  it('reports replaced scalars, removed keys and array length changes', () => {
    expect(diffObjects({ a: 1, b: 'x', c: [1, 2] }, { a: 2, c: [1] })).toEqual([
      { path: ['a'], op: 'replace' },
      { path: ['b'], op: 'remove' },
      { path: ['c', '1'], op: 'remove' },
    ]);
  });

  it('finds no change between equal values', () => {
    expect(diffObjects(deployment(), deployment())).toEqual([]);
  });
});

describe('checkMutations with the default policy', () => {
  it('allows new labels and annotations on metadata and on the pod template', () => {
    const before = deployment();
    const after = mutate(before, (d) => {
      d.metadata!.labels!['tenant'] = 'acme';
      d.metadata!.annotations = { 'example.com/owner': 'acme' };
      const template = d.spec['template'] as {
        metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
      };
      template.metadata.labels['tenant'] = 'acme';
      template.metadata.annotations = { 'example.com/owner': 'acme' };
    });
    expect(checkMutations([before], [after])).toEqual([]);
  });

  it('allows an empty labels map added on the way to new labels', () => {
    const before: KubernetesObject = { apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } };
    expect(checkMutations([before], [mutate(before, (s) => (s.metadata!.labels = {}))])).toEqual([]);
  });

  it('refuses overriding a label the chart set', () => {
    const before = deployment();
    const after = mutate(before, (d) => (d.metadata!.labels!['app.kubernetes.io/name'] = 'other'));
    expect(checkMutations([before], [after])).toEqual([
      {
        object: 'Deployment/web',
        path: 'metadata.labels.app.kubernetes.io/name',
        op: 'replace',
        reason: 'the chart set this label; only new ones may be added',
      },
    ]);
  });

  it('refuses removing a label the chart set', () => {
    const before = deployment();
    const after = mutate(before, (d) => delete d.metadata!.labels!['app.kubernetes.io/name']);
    expect(checkMutations([before], [after]).map((v) => `${v.op} ${v.path}`)).toEqual([
      'remove metadata.labels.app.kubernetes.io/name',
    ]);
  });

  it('refuses changing hard-coded values such as the name (fullnameOverride) or the replica count', () => {
    const before = deployment();
    const after = mutate(before, (d) => {
      d.metadata!.name = 'renamed';
      d.spec['replicas'] = 5;
    });
    expect(checkMutations([before], [after]).map((v) => `${v.op} ${v.path}`)).toEqual([
      'replace metadata.name',
      'replace spec.replicas',
    ]);
  });

  it('refuses adding a container field, which is not a label or annotation', () => {
    const before = deployment();
    const after = mutate(before, (d) => {
      const containers = (d.spec['template'] as { spec: { containers: Array<Record<string, unknown>> } }).spec
        .containers;
      containers[0]!['securityContext'] = { privileged: true };
    });
    expect(checkMutations([before], [after])[0]).toMatchObject({
      path: 'spec.template.spec.containers.0.securityContext.privileged',
      op: 'add',
    });
  });

  it('refuses pod-template labels on kinds that have no pod template at spec.template', () => {
    const before: KubernetesObject & { spec?: unknown } = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c' },
    };
    const after = mutate(before, (c) => (c.spec = { template: { metadata: { labels: { tenant: 'acme' } } } }));
    expect(checkMutations([before], [after])).toHaveLength(1);
  });

  it('allows CronJob job-template labels', () => {
    const before: KubernetesObject & { spec: unknown } = {
      apiVersion: 'batch/v1',
      kind: 'CronJob',
      metadata: { name: 'c' },
      spec: { jobTemplate: { spec: { template: { metadata: {} } } } },
    };
    const after = mutate(
      before,
      (c) =>
        ((
          c.spec as { jobTemplate: { spec: { template: { metadata: Record<string, unknown> } } } }
        ).jobTemplate.spec.template.metadata['labels'] = { tenant: 'acme' }),
    );
    expect(checkMutations([before], [after])).toEqual([]);
  });

  it('refuses any change to RBAC, even a new label', () => {
    for (const kind of ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding']) {
      const before: KubernetesObject = { apiVersion: 'rbac.authorization.k8s.io/v1', kind, metadata: { name: 'r' } };
      const after = mutate(before, (r) => (r.metadata!.labels = { tenant: 'acme' }));
      expect(checkMutations([before], [after], defaultMutationPolicy)).toEqual([
        {
          object: `${kind}/r`,
          path: 'metadata.labels.tenant',
          op: 'add',
          reason: `${kind} objects are the chart's and may not be changed`,
        },
      ]);
    }
  });

  it('needs one mutated object per rendered object', () => {
    expect(() => checkMutations([deployment()], [])).toThrow(/one mutated object per rendered object/);
  });
});

describe('formatViolations', () => {
  it('says nothing was applied and lists at most five changes', () => {
    const before = deployment();
    const after = mutate(before, (d) => {
      for (let i = 0; i < 7; i++) d.spec[`k${i}`] = i;
    });
    const message = formatViolations(checkMutations([before], [after]));
    expect(message).toMatch(/^mutation refused, nothing applied: Deployment\/web: add spec\.k0: not in the allow-list/);
    expect(message).toMatch(/; and 2 more$/);
  });
});
