import { definePlugin } from '../../src/index.js';
import { createApiSubcommand } from './create-api.js';
import { createWebhookSubcommand } from './create-webhook.js';
import { editSubcommand } from './edit.js';
import { initSubcommand } from './init.js';

/** typescriptPlugin (`typescript.operator-ts.dev/v1`) scaffolds the TypeScript code of an operator project. */
export const typescriptPlugin = definePlugin({
  name: 'typescript.operator-ts.dev',
  version: 'v1',
  description: 'TypeScript operator: package.json, manager entry, API types, controllers, webhooks',
  init: initSubcommand,
  createApi: createApiSubcommand,
  createWebhook: createWebhookSubcommand,
  edit: editSubcommand,
});
