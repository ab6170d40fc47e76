import { definePlugin } from '../../src/index.js';
import { createApiSubcommand } from './create-api.js';
import { createWebhookSubcommand } from './create-webhook.js';
import { editSubcommand } from './edit.js';
import { initSubcommand } from './init.js';

/**
 * olmPlugin (`olm.operator-ts.dev/v1`) scaffolds OLM packaging: the base ClusterServiceVersion and the
 * kustomize input of `operator-ts generate bundle`, scorecard tests, and Makefile / npm targets for
 * bundles and file-based catalogs. It runs after the kustomize plugin, whose files it extends.
 */
export const olmPlugin = definePlugin({
  name: 'olm.operator-ts.dev',
  version: 'v1',
  description: 'OLM bundle and catalog packaging: config/manifests (base CSV), config/scorecard, make bundle / catalog',
  init: initSubcommand,
  createApi: createApiSubcommand,
  createWebhook: createWebhookSubcommand,
  edit: editSubcommand,
});
