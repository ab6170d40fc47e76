import { definePlugin } from '../../src/index.js';
import { createWebhookSubcommand, editSubcommand } from './edit.js';

/**
 * istioPlugin (`istio.operator-ts.dev/v1`) makes the manager work inside an Istio mesh
 * (`operator-ts edit --plugins istio/v1`): config/istio with mTLS and authorization policies, and the
 * manager pod annotations for the sidecar, wired into config/default. Recorded in the layout, it opens
 * the webhook port when the project gets its first webhook.
 */
export const istioPlugin = definePlugin({
  name: 'istio.operator-ts.dev',
  version: 'v1',
  description: 'Istio mesh fit: sidecar annotations, PeerAuthentication and AuthorizationPolicies under config/istio',
  edit: editSubcommand,
  createWebhook: createWebhookSubcommand,
  // The metrics reader is the one setting edit records; the webhook port follows from PROJECT's webhooks.
  replay: ({ settings }) => {
    const reader = settings?.['metricsReader'];
    const flag = typeof reader === 'string' ? ['--metrics-reader', reader] : [];
    return [{ argv: ['edit', '--plugins', 'istio.operator-ts.dev/v1', ...flag] }];
  },
});
