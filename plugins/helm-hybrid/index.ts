import { definePlugin } from '../../src/index.js';
import { createApiSubcommand, replayHybridKinds } from './create-api.js';

/**
 * helmHybridPlugin (`helm-hybrid.operator-ts.dev/v1`) scaffolds Helm-hybrid kinds: `create api --plugins
 * helm-hybrid/v1 --helm-chart <dir|.tgz>` copies the chart into charts/, types the kind's spec from the chart's
 * values, and writes a controller that renders the chart with the Helm CLI, runs a TypeScript mutation hook
 * held to an allow-list, and applies the result (operator-ts/runtime/helm).
 */
export const helmHybridPlugin = definePlugin({
  name: 'helm-hybrid.operator-ts.dev',
  version: 'v1',
  description: 'Helm-hybrid kinds: a chart rendered by the Helm CLI, reconciled in TypeScript',
  createApi: createApiSubcommand,
  replay: replayHybridKinds,
});
