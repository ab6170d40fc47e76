import { definePlugin } from '../../src/index.js';
import { CHART_DIR, DEFAULT_MANIFESTS, editSubcommand } from './edit.js';

/**
 * helmPlugin (`helm.operator-ts.dev/v1`) packages the operator as a Helm chart in dist/chart, built from
 * the project's kustomize output (`operator-ts edit --plugins helm/v1`, again to refresh it), with
 * Makefile targets and an npm script to refresh, lint and deploy it.
 */
export const helmPlugin = definePlugin({
  name: 'helm.operator-ts.dev',
  version: 'v1',
  description: 'The operator as a Helm chart: dist/chart from the kustomize output, make helm-chart / helm-deploy',
  edit: editSubcommand,
  // The chart is built from the kustomize output the project last rendered, and merges its Chart.yaml and
  // values.yaml with the author's: the replay starts from the project's copies of all three.
  replay: ({ settings }) => {
    const manifests = settings?.['manifests'];
    const named = typeof manifests === 'string' ? manifests : DEFAULT_MANIFESTS;
    const flag = typeof manifests === 'string' ? ['--manifests', manifests] : [];
    return [
      {
        argv: ['edit', '--plugins', 'helm.operator-ts.dev/v1', ...flag],
        seed: [named, `${CHART_DIR}/Chart.yaml`, `${CHART_DIR}/values.yaml`],
      },
    ];
  },
});
