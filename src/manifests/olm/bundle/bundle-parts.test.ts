import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FIXTURE_OPTIONS, fixtureBaseCsv, fixtureManifests } from '../testdata/memcached-fixture.js';
import type { Obj } from '../model/objects.js';
import { buildBundle } from './build-bundle.js';
import { bundleFileName, uniqueFileName } from './file-names.js';
import { buildBundleAnnotations, buildBundleDockerfile } from './metadata.js';

const build = (extra: Obj[] = [], options = {}) =>
  buildBundle({
    manifests: [...fixtureManifests(), ...extra],
    baseCsv: fixtureBaseCsv(),
    options: { ...FIXTURE_OPTIONS, ...options },
  });

describe('bundle contents', () => {
  it('drops kinds OLM does not accept, with a warning naming them unless OLM provides them itself', () => {
    const b = build([
      { apiVersion: 'cert-manager.io/v1', kind: 'Certificate', metadata: { name: 'serving-cert', namespace: 'x' } },
      { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'cache', namespace: 'x' } },
    ]);
    expect(
      [...b.files.keys()].some(
        (k) => k.includes('namespace') || k.includes('certificate') || k.includes('statefulset'),
      ),
    ).toBe(false);
    expect(b.warnings.join('\n')).toMatch(/StatefulSet\/cache: kind StatefulSet is not allowed/);
    // The install Namespace and cert-manager's certificate come from config/default on every run; OLM replaces both.
    expect(b.warnings.join('\n')).not.toMatch(/Namespace|Certificate/);
  });

  it('strips metadata.namespace from every written object', () => {
    for (const [path, text] of build().files) {
      if (path.startsWith('manifests/') && !path.includes('clusterserviceversion'))
        expect((parse(text) as Obj).metadata.namespace, path).toBeUndefined();
    }
  });

  it('writes RBAC bound to other service accounts and supported extra kinds', () => {
    const b = build([
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'helper', namespace: 'x' } },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'Role',
        metadata: { name: 'helper-role', namespace: 'x' },
        rules: [],
      },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'RoleBinding',
        metadata: { name: 'helper-binding', namespace: 'x' },
        roleRef: { kind: 'Role', name: 'helper-role' },
        subjects: [{ kind: 'ServiceAccount', name: 'helper' }],
      },
      {
        apiVersion: 'monitoring.coreos.com/v1',
        kind: 'ServiceMonitor',
        metadata: { name: 'metrics', namespace: 'x' },
        spec: {},
      },
    ]);
    const names = [...b.files.keys()];
    expect(names).toContain('manifests/helper_v1_serviceaccount.yaml');
    expect(names).toContain('manifests/helper-role_rbac.authorization.k8s.io_v1_role.yaml');
    expect(names).toContain('manifests/helper-binding_rbac.authorization.k8s.io_v1_rolebinding.yaml');
    expect(names).toContain('manifests/metrics_monitoring.coreos.com_v1_servicemonitor.yaml');
    expect(names.some((n) => n.includes('manager-role'))).toBe(false);
  });

  it('uses a scorecard Configuration from the input instead of the default', () => {
    const custom = {
      apiVersion: 'scorecard.operatorframework.io/v1alpha3',
      kind: 'Configuration',
      metadata: { name: 'config' },
      stages: [{ tests: [] }],
    };
    expect(parse(build([custom]).files.get('tests/scorecard/config.yaml') ?? '')).toEqual(custom);
    expect((parse(build().files.get('tests/scorecard/config.yaml') ?? '') as Obj).stages[0].tests).toHaveLength(6);
  });

  it('defaults channels to alpha and omits an unset default channel', () => {
    const b = build([], { channels: undefined, defaultChannel: undefined });
    const ann = (parse(b.files.get('metadata/annotations.yaml') ?? '') as Obj).annotations;
    expect(ann['operators.operatorframework.io.bundle.channels.v1']).toBe('alpha');
    expect(ann['operators.operatorframework.io.bundle.channel.default.v1']).toBeUndefined();
  });
});

describe('file names', () => {
  it('follows operator-sdk naming', () => {
    expect(bundleFileName({ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }, 'p')).toBe(
      's_v1_service.yaml',
    );
    expect(
      bundleFileName({ apiVersion: 'operators.coreos.com/v1alpha1', kind: 'ClusterServiceVersion' }, 'My-Pkg'),
    ).toBe('my-pkg.clusterserviceversion.yaml');
    expect(uniqueFileName('a.yaml', new Set(['a.yaml', 'dup1_a.yaml']))).toBe('dup2_a.yaml');
  });
});

describe('bundle metadata', () => {
  it('keeps custom annotations after the generated ones and quotes odd Dockerfile values', () => {
    const ann = buildBundleAnnotations({
      packageName: 'p',
      channels: ['stable', 'fast'],
      builder: 'b',
      projectLayout: 'l',
      hasScorecard: false,
      existing: { 'operators.operatorframework.io.bundle.package.v1': 'old', 'z.custom': 'has space', 'a.custom': 'x' },
    });
    expect(ann.map(([k]) => k).slice(-2)).toEqual(['a.custom', 'z.custom']);
    expect(ann.find(([k]) => k.endsWith('package.v1'))?.[1]).toBe('p');
    const df = buildBundleDockerfile(ann, 'bundle', false);
    expect(df).toContain('LABEL z.custom="has space"');
    expect(df).toContain('channels.v1=stable,fast');
    expect(df).not.toContain('tests/scorecard');
  });
});
