/** SCORECARD_IMAGE runs the built-in scorecard tests (kept equal to the bundle generator's default by a test). */
export const SCORECARD_IMAGE = 'quay.io/operator-framework/scorecard-test:v1.42.0';

const TARGET = { group: 'scorecard.operatorframework.io', kind: 'Configuration', name: 'config', version: 'v1alpha3' };

function testPatch(suite: string, tests: readonly string[]): object[] {
  return tests.map((test) => ({
    op: 'add',
    path: '/stages/0/tests/-',
    value: { entrypoint: ['scorecard-test', test], image: SCORECARD_IMAGE, labels: { suite, test: `${test}-test` } },
  }));
}

/**
 * scorecardFiles builds config/scorecard: an empty scorecard Configuration with one parallel stage, and
 * JSON patches adding the basic and OLM test suites. `generate bundle` copies the rendered Configuration
 * to bundle/tests/scorecard/config.yaml.
 */
export function scorecardFiles(): Record<string, object> {
  return {
    'bases/config.yaml': {
      apiVersion: 'scorecard.operatorframework.io/v1alpha3',
      kind: 'Configuration',
      metadata: { name: 'config' },
      stages: [{ parallel: true, tests: [] }],
    },
    'patches/basic.config.yaml': testPatch('basic', ['basic-check-spec']),
    'patches/olm.config.yaml': testPatch('olm', [
      'olm-bundle-validation',
      'olm-crds-have-validation',
      'olm-crds-have-resources',
      'olm-spec-descriptors',
      'olm-status-descriptors',
    ]),
    'kustomization.yaml': {
      resources: ['bases/config.yaml'],
      patches: [
        { path: 'patches/basic.config.yaml', target: TARGET },
        { path: 'patches/olm.config.yaml', target: TARGET },
      ],
    },
  };
}
