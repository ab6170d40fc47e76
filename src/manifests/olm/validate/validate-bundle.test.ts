import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toYaml } from '../../../yaml/yaml.js';
import { buildBundle } from '../bundle/build-bundle.js';
import { FIXTURE_OPTIONS, fixtureBaseCsv, fixtureManifests } from '../testdata/memcached-fixture.js';
import type { Obj } from '../model/objects.js';
import { ALL_CHECKS, selectChecks } from './registry.js';
import type { Severity } from './types.js';
import { formatFindings, hasErrors, validateBundleFiles } from './validate-bundle.js';

const CSV = 'manifests/memcached-operator.clusterserviceversion.yaml';
const CRD = 'manifests/cache.example.com_memcacheds.yaml';
const ANN = 'metadata/annotations.yaml';
const SUITE = ['suite=operatorframework'];

const GOLDEN = buildBundle({
  manifests: fixtureManifests(),
  baseCsv: fixtureBaseCsv(),
  options: FIXTURE_OPTIONS,
}).files;

type Files = Map<string, string>;
const edit =
  (path: string, fn: (o: Obj) => void) =>
  (files: Files): void => {
    const obj = parse(files.get(path) ?? '') as Obj;
    fn(obj);
    files.set(path, toYaml(obj));
  };
const csv = (fn: (o: Obj) => void): ((f: Files) => void) => edit(CSV, fn);
const crd = (fn: (o: Obj) => void): ((f: Files) => void) => edit(CRD, fn);
const ann = (fn: (a: Obj) => void): ((f: Files) => void) => edit(ANN, (o) => fn(o.annotations));
const add =
  (name: string, obj: Obj) =>
  (files: Files): void =>
    void files.set(`manifests/${name}`, toYaml(obj));
const deps =
  (...entries: Obj[]) =>
  (files: Files): void =>
    void files.set('metadata/dependencies.yaml', toYaml({ dependencies: entries }));
const remove =
  (prefix: string) =>
  (files: Files): void => {
    for (const k of [...files.keys()]) if (k.startsWith(prefix)) files.delete(k);
  };
const ann0 = (o: Obj): Obj => o.metadata.annotations;
const rule = (apiGroups: string[], resources: string[], verbs: string[], extra: Obj = {}): Obj => ({
  apiGroups,
  resources,
  verbs,
  ...extra,
});
const addClusterRule = (r: Obj) => csv((o) => void o.spec.install.spec.clusterPermissions[0].rules.push(r));
const role = (kind: string, rules: Obj[]): Obj => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind,
  metadata: { name: 'extra' },
  rules,
});
const pdb = (spec: Obj, apiVersion = 'policy/v1'): Obj => ({
  apiVersion,
  kind: 'PodDisruptionBudget',
  metadata: { name: 'pdb' },
  spec,
});
const configMap = (data: string): Obj => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'big' },
  data: { blob: data },
});

interface Case {
  check: string;
  title?: string;
  mutate: (files: Files) => void;
  severity: Severity;
  select?: string[];
  optionalValues?: Record<string, string>;
  env?: Record<string, string>;
}

const CASES: Case[] = [
  { check: 'format-manifests-dir', mutate: remove('manifests/'), severity: 'error' },
  { check: 'format-metadata-dir', mutate: remove('metadata/'), severity: 'error' },
  {
    check: 'format-manifests-empty',
    mutate: (f) => {
      remove('manifests/')(f);
      f.set('manifests/', '');
    },
    severity: 'error',
  },
  { check: 'format-annotations-file', mutate: (f) => void f.set(ANN, 'foo: bar\n'), severity: 'error' },
  {
    check: 'format-annotation-missing',
    mutate: ann((a) => delete a['operators.operatorframework.io.bundle.package.v1']),
    severity: 'error',
  },
  {
    check: 'format-mediatype-mismatch',
    mutate: ann((a) => (a['operators.operatorframework.io.bundle.mediatype.v1'] = 'plain')),
    severity: 'error',
  },
  {
    check: 'format-channels-empty',
    mutate: ann((a) => (a['operators.operatorframework.io.bundle.channels.v1'] = '')),
    severity: 'error',
  },
  {
    check: 'format-default-channel-empty',
    mutate: ann((a) => (a['operators.operatorframework.io.bundle.channel.default.v1'] = '')),
    severity: 'error',
  },
  {
    check: 'format-directory-annotations',
    title: 'manifests.v1 must be manifests/; upstream accepts any value',
    mutate: ann((a) => (a['operators.operatorframework.io.bundle.manifests.v1'] = 'elsewhere/')),
    severity: 'error',
  },
  {
    check: 'format-dependency-gvk',
    mutate: deps({ type: 'olm.gvk', value: { group: 'x.io', version: 'v1' } }),
    severity: 'error',
  },
  {
    check: 'format-dependency-package',
    mutate: deps({ type: 'olm.package', value: { packageName: 'etcd', version: 'newest please' } }),
    severity: 'error',
  },
  { check: 'format-dependency-label', mutate: deps({ type: 'olm.label', value: { label: '' } }), severity: 'error' },
  {
    check: 'format-dependency-constraint',
    mutate: deps({ type: 'olm.constraint', value: { cel: { rule: ' ' } } }),
    severity: 'error',
  },
  {
    check: 'format-dependency-type',
    title: 'an unknown dependency type is named; upstream reports a parse error',
    mutate: deps({ type: 'olm.unknown', value: {} }),
    severity: 'error',
  },
  { check: 'content-unreadable', mutate: (f) => void f.set('manifests/bad.yaml', 'a: [\n'), severity: 'error' },
  {
    check: 'content-unsupported-kind',
    mutate: add('ns.yaml', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'x' } }),
    severity: 'error',
  },
  {
    check: 'content-object-metadata',
    mutate: add('cm.yaml', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'system' } }),
    severity: 'error',
  },
  { check: 'content-no-csv', mutate: (f) => void f.delete(CSV), severity: 'error' },
  {
    check: 'content-multiple-csvs',
    mutate: (f) => void f.set('manifests/copy.clusterserviceversion.yaml', f.get(CSV) ?? ''),
    severity: 'error',
  },
  { check: 'csv-name', mutate: csv((o) => (o.metadata.name = 'Memcached_Operator.v0.1.0')), severity: 'error' },
  { check: 'csv-replaces-name', mutate: csv((o) => (o.spec.replaces = 'Bad_Name')), severity: 'error' },
  { check: 'csv-annotations-missing', mutate: csv((o) => delete o.metadata.annotations), severity: 'warning' },
  { check: 'csv-examples-missing', mutate: csv((o) => delete ann0(o)['alm-examples']), severity: 'warning' },
  { check: 'csv-examples-both', mutate: csv((o) => (ann0(o)['olm.examples'] = '[]')), severity: 'warning' },
  { check: 'csv-examples-json', mutate: csv((o) => (ann0(o)['alm-examples'] = '[{')), severity: 'error' },
  { check: 'csv-examples-not-list', mutate: csv((o) => (ann0(o)['alm-examples'] = '{"a":1}')), severity: 'error' },
  {
    check: 'csv-owned-crd-name',
    mutate: csv((o) => (o.spec.customresourcedefinitions.owned[0].name = 'memcacheds')),
    severity: 'error',
  },
  {
    check: 'csv-example-not-provided',
    mutate: csv(
      (o) =>
        (ann0(o)['alm-examples'] =
          '[{"apiVersion":"cache.example.com/v1alpha1","kind":"Memcached"},{"apiVersion":"other.io/v1","kind":"Other"}]'),
    ),
    severity: 'error',
  },
  { check: 'csv-api-without-example', mutate: csv((o) => (ann0(o)['alm-examples'] = '[]')), severity: 'warning' },
  { check: 'csv-install-modes-empty', mutate: csv((o) => (o.spec.installModes = [])), severity: 'error' },
  {
    check: 'csv-install-modes-duplicate',
    title: 'duplicate install modes are reported; upstream never reports them',
    mutate: csv((o) => void o.spec.installModes.push({ type: 'AllNamespaces', supported: true })),
    severity: 'error',
  },
  {
    check: 'csv-conversion-install-modes',
    mutate: csv((o) => {
      o.spec.webhookdefinitions.push({
        type: 'ConversionWebhook',
        generateName: 'cmemcacheds.kb.io',
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        conversionCRDs: ['memcacheds.cache.example.com'],
      });
      o.spec.installModes[0].supported = true;
    }),
    severity: 'error',
  },
  {
    check: 'csv-install-modes-none-supported',
    mutate: csv((o) => (o.spec.installModes[3].supported = false)),
    severity: 'error',
  },
  { check: 'csv-min-kube-version-missing', mutate: csv((o) => delete o.spec.minKubeVersion), severity: 'warning' },
  { check: 'csv-min-kube-version-format', mutate: csv((o) => (o.spec.minKubeVersion = 'v1.28.0')), severity: 'error' },
  { check: 'csv-required-field', mutate: csv((o) => delete o.spec.displayName), severity: 'error' },
  {
    check: 'csv-required-field',
    title: 'deployments[].name is checked (upstream skips slices)',
    mutate: csv((o) => delete o.spec.install.spec.deployments[0].name),
    severity: 'error',
  },
  { check: 'csv-annotation-case', mutate: csv((o) => (ann0(o)['olm.skiprange'] = '<0.1.0')), severity: 'error' },
  {
    check: 'csv-olm-properties-annotation',
    mutate: csv((o) => (ann0(o)['olm.properties'] = '[]')),
    severity: 'warning',
  },
  { check: 'csv-type-meta', mutate: csv((o) => (o.apiVersion = 'v1alpha1')), severity: 'error' },
  {
    check: 'olm-webhook-rules',
    mutate: csv((o) => (o.spec.webhookdefinitions[0].rules[0].apiGroups = ['operators.coreos.com'])),
    severity: 'error',
  },
  {
    check: 'olm-webhook-rules',
    title: 'webhook configurations',
    mutate: csv(
      (o) =>
        (o.spec.webhookdefinitions[0].rules[0] = {
          apiGroups: ['admissionregistration.k8s.io'],
          resources: ['validatingwebhookconfigurations'],
        }),
    ),
    severity: 'error',
  },
  {
    check: 'olm-conversion-webhook',
    mutate: (f) => {
      csv(
        (o) =>
          void o.spec.webhookdefinitions.push({
            type: 'ConversionWebhook',
            generateName: 'cx.kb.io',
            sideEffects: 'None',
            admissionReviewVersions: ['v1'],
            conversionCRDs: ['others.cache.example.com'],
          }),
      )(f);
    },
    severity: 'error',
  },
  {
    check: 'olm-conversion-webhook',
    title: 'preserveUnknownFields',
    mutate: (f) => {
      csv(
        (o) =>
          void o.spec.webhookdefinitions.push({
            type: 'ConversionWebhook',
            generateName: 'cx.kb.io',
            sideEffects: 'None',
            admissionReviewVersions: ['v1'],
            conversionCRDs: ['memcacheds.cache.example.com'],
          }),
      )(f);
      crd((o) => (o.spec.preserveUnknownFields = true))(f);
    },
    severity: 'error',
  },
  { check: 'crd-name', mutate: crd((o) => (o.metadata.name = 'memcached.cache.example.com')), severity: 'error' },
  { check: 'crd-group', mutate: crd((o) => (o.spec.group = 'cache')), severity: 'error' },
  { check: 'crd-names', mutate: crd((o) => (o.spec.names.kind = 'memcached')), severity: 'error' },
  { check: 'crd-scope', mutate: crd((o) => (o.spec.scope = 'Global')), severity: 'error' },
  {
    check: 'crd-versions',
    mutate: crd((o) => void o.spec.versions.push({ ...o.spec.versions[0], storage: false })),
    severity: 'error',
  },
  { check: 'crd-storage-version', mutate: crd((o) => (o.spec.versions[0].storage = false)), severity: 'error' },
  {
    check: 'crd-conversion-review-versions',
    mutate: crd(
      (o) =>
        (o.spec.conversion = {
          strategy: 'Webhook',
          webhook: { clientConfig: { service: { name: 's', namespace: 'n' } } },
        }),
    ),
    severity: 'error',
  },
  {
    check: 'bundle-duplicate-crd',
    mutate: (f) => void f.set('manifests/copy_memcacheds.yaml', f.get(CRD) ?? ''),
    severity: 'error',
  },
  {
    check: 'bundle-owned-crd-missing',
    mutate: csv(
      (o) =>
        void o.spec.customresourcedefinitions.owned.push({
          name: 'caches.cache.example.com',
          version: 'v1',
          kind: 'Cache',
        }),
    ),
    severity: 'error',
  },
  {
    check: 'bundle-crd-not-owned',
    mutate: csv((o) => (o.spec.customresourcedefinitions.owned = [])),
    severity: 'error',
  },
  {
    check: 'bundle-service-account',
    mutate: add('sa.yaml', {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: 'memcached-operator-controller-manager' },
    }),
    severity: 'error',
  },
  {
    check: 'bundle-size-limit',
    mutate: add('big.yaml', configMap(randomBytes(900_000).toString('base64'))),
    severity: 'error',
  },
  {
    check: 'bundle-size-near-limit',
    mutate: add('big.yaml', configMap(randomBytes(690_000).toString('base64'))),
    severity: 'warning',
  },
  { check: 'bundle-file-size', mutate: add('big.yaml', configMap('a'.repeat(1_100_000))), severity: 'error' },
  { check: 'bundle-release-name', mutate: csv((o) => (o.spec.release = '1')), severity: 'error' },
  {
    check: 'bundle-related-image',
    mutate: csv((o) => void o.spec.relatedImages.push({ name: 'bad', image: 'Not A Ref' })),
    severity: 'error',
  },
  {
    check: 'bundle-related-image',
    title: 'an empty name is an error',
    mutate: csv((o) => void o.spec.relatedImages.push({ name: '', image: 'quay.io/a/b:1' })),
    severity: 'error',
  },
  {
    check: 'hub-provider',
    select: ['name=operatorhubv2'],
    mutate: csv((o) => (o.spec.provider = {})),
    severity: 'error',
  },
  {
    check: 'hub-maintainers',
    select: SUITE,
    mutate: csv((o) => (o.spec.maintainers[0].email = 'not-an-email')),
    severity: 'error',
  },
  { check: 'hub-links', select: SUITE, mutate: csv((o) => (o.spec.links[0].url = 'example.com/x')), severity: 'error' },
  { check: 'hub-version', select: SUITE, mutate: csv((o) => (o.spec.version = '0.0.0')), severity: 'error' },
  {
    check: 'hub-icon',
    title: 'icon: [] is an error; upstream panics',
    select: SUITE,
    mutate: csv((o) => (o.spec.icon = [])),
    severity: 'error',
  },
  {
    check: 'hub-icon',
    title: 'absent icon warns',
    select: SUITE,
    mutate: csv((o) => delete o.spec.icon),
    severity: 'warning',
  },
  {
    check: 'hub-icon',
    title: 'bad media type',
    select: SUITE,
    mutate: csv((o) => (o.spec.icon[0].mediatype = 'image/bmp')),
    severity: 'error',
  },
  {
    check: 'hub-min-kube-version',
    select: SUITE,
    mutate: csv((o) => delete o.spec.minKubeVersion),
    severity: 'warning',
  },
  {
    check: 'hub-min-kube-version',
    title: 'invalid',
    select: SUITE,
    mutate: csv((o) => (o.spec.minKubeVersion = '1.28')),
    severity: 'error',
  },
  {
    check: 'capabilities-value',
    select: ['name=capabilities'],
    mutate: csv((o) => (ann0(o).capabilities = 'Super Install')),
    severity: 'error',
  },
  {
    check: 'categories-value',
    select: ['name=categories'],
    mutate: csv((o) => (ann0(o).categories = 'Database, Games')),
    severity: 'error',
  },
  {
    check: 'deprecated-api-k8s-version',
    select: SUITE,
    optionalValues: { 'k8s-version': 'banana' },
    mutate: () => {},
    severity: 'error',
  },
  {
    check: 'deprecated-api-1.22',
    title: 'error when minKubeVersion >= 1.22',
    select: SUITE,
    mutate: add('r.yaml', { ...role('ClusterRole', []), apiVersion: 'rbac.authorization.k8s.io/v1beta1' }),
    severity: 'error',
  },
  {
    check: 'deprecated-api-1.22',
    title: 'warning for older clusters',
    select: SUITE,
    mutate: (f) => {
      csv((o) => delete o.spec.minKubeVersion)(f);
      add('r.yaml', { ...role('ClusterRole', []), apiVersion: 'rbac.authorization.k8s.io/v1beta1' })(f);
    },
    severity: 'warning',
  },
  {
    check: 'deprecated-api-1.25',
    select: SUITE,
    mutate: add('pdb.yaml', pdb({ minAvailable: 1 }, 'policy/v1beta1')),
    severity: 'error',
  },
  {
    check: 'deprecated-api-1.26',
    select: ['name=alpha-deprecated-apis'],
    optionalValues: { 'k8s-version': '1.30' },
    mutate: add('hpa.yaml', {
      apiVersion: 'autoscaling/v2beta2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'h' },
    }),
    severity: 'error',
  },
  {
    check: 'deprecated-api-permissions',
    select: SUITE,
    mutate: addClusterRule(rule(['policy'], ['podsecuritypolicies'], ['use'])),
    severity: 'warning',
  },
  {
    check: 'deprecated-api-permissions',
    select: SUITE,
    mutate: addClusterRule(rule(['events.k8s.io'], ['events'], ['create'])),
    severity: 'warning',
  },
  {
    check: 'gp-deployments',
    select: ['name=good-practices'],
    mutate: csv((o) => delete o.spec.install.spec.deployments),
    severity: 'error',
  },
  {
    check: 'gp-resource-requests',
    title: 'a missing memory request warns; upstream warns only when requests is unset',
    select: SUITE,
    mutate: csv(
      (o) => delete o.spec.install.spec.deployments[0].spec.template.spec.containers[0].resources.requests.memory,
    ),
    severity: 'warning',
  },
  {
    check: 'gp-crd-description',
    select: SUITE,
    mutate: csv((o) => delete o.spec.customresourcedefinitions.owned[0].description),
    severity: 'warning',
  },
  {
    check: 'gp-channel-naming',
    title: 'channels come from metadata/annotations.yaml, which operator-sdk never reads',
    select: SUITE,
    mutate: ann((a) => (a['operators.operatorframework.io.bundle.channels.v1'] = 'alpha')),
    severity: 'warning',
  },
  {
    check: 'gp-crd-permissions',
    select: SUITE,
    mutate: addClusterRule(rule(['apiextensions.k8s.io'], ['customresourcedefinitions'], ['create'])),
    severity: 'warning',
  },
  {
    check: 'gp-csv-name-version',
    select: SUITE,
    mutate: csv((o) => (o.metadata.name = 'memcached-operator')),
    severity: 'warning',
  },
  {
    check: 'object-pdb-max-unavailable',
    select: SUITE,
    mutate: add('pdb.yaml', pdb({ maxUnavailable: 0 })),
    severity: 'error',
  },
  {
    check: 'object-pdb-min-available',
    select: SUITE,
    mutate: add('pdb.yaml', pdb({ minAvailable: '100%' })),
    severity: 'error',
  },
  {
    check: 'object-priority-class-global-default',
    select: SUITE,
    mutate: add('pc.yaml', {
      apiVersion: 'scheduling.k8s.io/v1',
      kind: 'PriorityClass',
      metadata: { name: 'p' },
      value: 1,
      globalDefault: true,
    }),
    severity: 'error',
  },
  {
    check: 'object-pdb-permissions',
    select: SUITE,
    mutate: add('r.yaml', role('ClusterRole', [rule(['policy'], ['poddisruptionbudgets'], ['create'])])),
    severity: 'warning',
  },
  {
    check: 'object-scc-permissions',
    select: SUITE,
    mutate: add(
      'r.yaml',
      role('ClusterRole', [
        rule(['security.openshift.io'], ['securitycontextconstraints'], ['update'], { resourceNames: ['restricted'] }),
      ]),
    ),
    severity: 'error',
  },
];

describe('validateBundleFiles', () => {
  it('accepts the golden bundle with every optional validator', () => {
    expect(validateBundleFiles(GOLDEN, { selectOptional: SUITE, env: {} })).toEqual([]);
  });

  it('has a tripping case for every check', () => {
    const covered = new Set(CASES.map((c) => c.check));
    expect(ALL_CHECKS.map((c) => c.name).filter((n) => !covered.has(n))).toEqual([]);
    expect(new Set(ALL_CHECKS.map((c) => c.name)).size).toBe(ALL_CHECKS.length);
  });

  for (const c of CASES) {
    it(`${c.check}${c.title !== undefined ? ` (${c.title})` : ''}`, () => {
      const files = new Map(GOLDEN);
      c.mutate(files);
      const findings = validateBundleFiles(files, {
        selectOptional: c.select ?? [],
        optionalValues: c.optionalValues ?? {},
        env: c.env ?? {},
      });
      const mine = findings.filter((f) => f.check === c.check);
      expect(mine.length, formatFindings(findings)).toBeGreaterThan(0);
      expect(mine.map((f) => f.severity)).toContain(c.severity);
      for (const f of mine) {
        expect(f.object).not.toBe('');
        expect(f.message).not.toBe('');
      }
    });
  }

  it('does not reject a string maxUnavailable like "50%"; upstream rejects every string', () => {
    const files = new Map(GOLDEN);
    add('pdb.yaml', pdb({ maxUnavailable: '50%' }))(files);
    expect(
      validateBundleFiles(files, { selectOptional: SUITE, env: {} }).filter((f) => f.check.startsWith('object-')),
    ).toEqual([]);
  });

  it('reads allowed categories from OPERATOR_BUNDLE_CATEGORIES and reports an unreadable file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cats-'));
    writeFileSync(join(dir, 'c.json'), JSON.stringify({ categories: ['Games'] }));
    const files = new Map(GOLDEN);
    csv((o) => (ann0(o).categories = 'Games'))(files);
    expect(
      validateBundleFiles(files, {
        selectOptional: ['name=categories'],
        env: { OPERATOR_BUNDLE_CATEGORIES: join(dir, 'c.json') },
      }),
    ).toEqual([]);
    const missing = validateBundleFiles(files, {
      selectOptional: ['name=categories'],
      env: { OPERATOR_BUNDLE_CATEGORIES: join(dir, 'none.json') },
    });
    expect(missing.map((f) => f.check)).toEqual(['categories-value']);
  });

  it('stops after a missing manifests/ directory', () => {
    const files = new Map(GOLDEN);
    remove('manifests/')(files);
    expect(validateBundleFiles(files).map((f) => f.check)).toEqual(['format-manifests-dir']);
  });

  it('hasErrors ignores warnings', () => {
    expect(hasErrors([{ check: 'x', severity: 'warning', object: 'o', message: 'm' }])).toBe(false);
    expect(hasErrors([{ check: 'x', severity: 'error', object: 'o', message: 'm' }])).toBe(true);
  });
});

describe('selectChecks', () => {
  it('runs only the default validators without selectors', () => {
    expect(new Set(selectChecks().map((c) => c.validator))).toEqual(
      new Set(['format', 'content', 'csv', 'crd', 'bundle']),
    );
  });
  it('selects one check by name', () => {
    expect(selectChecks(['check=hub-icon']).map((c) => c.name)).toContain('hub-icon');
    expect(selectChecks(['check=hub-icon']).map((c) => c.name)).not.toContain('hub-links');
  });
  it('rejects a selector that matches nothing', () => {
    expect(() => selectChecks(['name=nope'])).toThrow(/matches no validator/);
    expect(() => selectChecks(['suite'])).toThrow(/invalid selector/);
  });
});
