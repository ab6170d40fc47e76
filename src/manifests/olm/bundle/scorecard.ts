import type { Obj } from '../model/objects.js';

/** SCORECARD_TEST_IMAGE is the image of the built-in scorecard tests (operator-sdk v1.42). */
export const SCORECARD_TEST_IMAGE = 'quay.io/operator-framework/scorecard-test:v1.42.0';

const TESTS: [suite: string, test: string][] = [
  ['basic', 'basic-check-spec'],
  ['olm', 'olm-bundle-validation'],
  ['olm', 'olm-crds-have-validation'],
  ['olm', 'olm-crds-have-resources'],
  ['olm', 'olm-spec-descriptors'],
  ['olm', 'olm-status-descriptors'],
];

/**
 * defaultScorecardConfig is the scorecard Configuration operator-sdk's scaffold assembles
 * (config/scorecard: one parallel stage with the basic and olm tests), without the empty `storage`
 * blocks operator-sdk serialises on every test.
 */
export function defaultScorecardConfig(image: string = SCORECARD_TEST_IMAGE): Obj {
  return {
    apiVersion: 'scorecard.operatorframework.io/v1alpha3',
    kind: 'Configuration',
    metadata: { name: 'config' },
    stages: [
      {
        parallel: true,
        tests: TESTS.map(([suite, test]) => ({
          entrypoint: ['scorecard-test', test],
          image,
          labels: { suite, test: `${test}-test` },
        })),
      },
    ],
  };
}
