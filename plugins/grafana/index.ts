import { definePlugin } from '../../src/index.js';
import { editSubcommand } from './edit.js';

/**
 * grafanaPlugin (`grafana.operator-ts.dev/v1`) writes Grafana dashboards for the metrics the manager serves
 * (`operator-ts edit --plugins grafana/v1`): controllers, work queues, API server requests, cache and
 * webhooks; CPU, memory and Node.js runtime health; and a dashboard of the operator's own metrics listed in
 * grafana/custom-metrics/config.yaml.
 */
export const grafanaPlugin = definePlugin({
  name: 'grafana.operator-ts.dev',
  version: 'v1',
  description: "Grafana dashboards for the manager's metrics under grafana/, and for custom metrics listed in a config",
  edit: editSubcommand,
});
