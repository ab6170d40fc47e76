import { definePlugin } from '../../src/index.js';
import { editSubcommand } from './edit.js';

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
});
