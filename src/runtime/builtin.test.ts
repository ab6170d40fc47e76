import { describe, expect, it } from 'vitest';
import { builtin, isBuiltinResource } from './builtin.js';

describe('builtin', () => {
  it('describes core, apps and events kinds with their served plurals and scopes', () => {
    expect(builtin.Pod).toMatchObject({ apiVersion: 'v1', plural: 'pods', namespaced: true });
    expect(builtin.Namespace).toMatchObject({ apiVersion: 'v1', plural: 'namespaces', namespaced: false });
    expect(builtin.Endpoints.plural).toBe('endpoints');
    expect(builtin.Ingress.plural).toBe('ingresses');
    expect(builtin.NetworkPolicy.plural).toBe('networkpolicies');
    expect(builtin.Event).toMatchObject({ apiVersion: 'events.k8s.io/v1', kind: 'Event', plural: 'events' });
    expect(builtin.CoreEvent).toMatchObject({ apiVersion: 'v1', kind: 'Event' });
    expect(builtin.Deployment.apiVersion).toBe('apps/v1');
    expect(builtin.ClusterRoleBinding.namespaced).toBe(false);
    expect(builtin.CustomResourceDefinition.apiVersion).toBe('apiextensions.k8s.io/v1');
    expect(builtin.HorizontalPodAutoscaler.apiVersion).toBe('autoscaling/v2');
  });

  it('uses lower-case plurals that agree with the kind', () => {
    for (const [name, r] of Object.entries(builtin)) {
      expect(r.plural, name).toBe(r.plural.toLowerCase());
      expect(r.plural.startsWith(r.kind.toLowerCase().slice(0, 3)), name).toBe(true);
    }
  });

  it('recognises built-in resources by apiVersion and kind', () => {
    expect(isBuiltinResource({ apiVersion: 'apps/v1', kind: 'Deployment' })).toBe(true);
    expect(isBuiltinResource({ apiVersion: 'cache.example.com/v1', kind: 'Memcached' })).toBe(false);
  });
});
