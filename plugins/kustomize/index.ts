import { definePlugin } from '../../src/index.js';
import { createApiSubcommand } from './create-api.js';
import { createWebhookSubcommand } from './create-webhook.js';
import { editSubcommand } from './edit.js';
import { initSubcommand } from './init.js';

/** kustomizePlugin (`kustomize.operator-ts.dev/v2`) scaffolds everything under config/. */
export const kustomizePlugin = definePlugin({
  name: 'kustomize.operator-ts.dev',
  version: 'v2',
  description:
    'kustomize manifests under config/ (crd, rbac, manager, default, webhook, certmanager, prometheus, network-policy, samples)',
  init: initSubcommand,
  createApi: createApiSubcommand,
  createWebhook: createWebhookSubcommand,
  edit: editSubcommand,
});
