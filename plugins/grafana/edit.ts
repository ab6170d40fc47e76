import type { FileDescriptor, Subcommand } from '../../src/index.js';
import {
  CUSTOM_DASHBOARD_PATH,
  CUSTOM_METRICS_CONFIG_PATH,
  customMetricsDashboard,
  parseCustomMetrics,
} from './custom-metrics.js';
import { RESOURCES_DASHBOARD_PATH, resourcesDashboard } from './resources-dashboard.js';
import { RUNTIME_DASHBOARD_PATH, runtimeDashboard } from './runtime-dashboard.js';

/** PRETTIERIGNORE_DASHBOARDS keeps `npm run format` off the dashboards: each run of the plugin rewrites them. */
const PRETTIERIGNORE_DASHBOARDS =
  '# Grafana dashboards written by operator-ts edit --plugins grafana/v1 (every run rewrites them).\ngrafana/**/*.json';

function json(path: string, object: object): FileDescriptor {
  // Tool-owned: every run writes the dashboards of this operator-ts version.
  return { kind: 'generated', path, format: 'json', object, ifExists: 'overwrite' };
}

/**
 * grafanaFiles are the dashboards of a project and its custom-metrics config (written once, then the
 * author's); the custom dashboard follows the config: written when it lists metrics, removed when it
 * lists none.
 */
export function grafanaFiles(projectName: string, config: string | undefined): FileDescriptor[] {
  const files: FileDescriptor[] = [
    json(RUNTIME_DASHBOARD_PATH, runtimeDashboard(projectName)),
    json(RESOURCES_DASHBOARD_PATH, resourcesDashboard(projectName)),
    {
      kind: 'insert',
      path: '.prettierignore',
      ifMissing: 'skip',
      fragments: { prettierignore: [PRETTIERIGNORE_DASHBOARDS] },
    },
  ];
  if (config === undefined) {
    files.push({
      kind: 'template',
      template: 'grafana/edit/grafana/custom-metrics/config.yaml.hbs',
      path: CUSTOM_METRICS_CONFIG_PATH,
      data: { metricPrefix: projectName.replace(/[^a-zA-Z0-9]/g, '_') },
      ifExists: 'skip',
    });
    return files;
  }
  const metrics = parseCustomMetrics(config, CUSTOM_METRICS_CONFIG_PATH);
  files.push(
    metrics.length === 0
      ? { kind: 'remove', path: CUSTOM_DASHBOARD_PATH }
      : json(CUSTOM_DASHBOARD_PATH, customMetricsDashboard(projectName, metrics)),
  );
  return files;
}

/**
 * editSubcommand writes Grafana dashboards for the manager's metrics (`operator-ts edit --plugins
 * grafana/v1`), like kubebuilder's grafana/v1-alpha: grafana/controller-runtime-metrics.json,
 * grafana/controller-resources-metrics.json and grafana/custom-metrics/config.yaml. Run again after listing
 * metrics in the config, it renders grafana/custom-metrics/custom-metrics-dashboard.json from it.
 */
export const editSubcommand: Subcommand = {
  description:
    "with --plugins grafana/v1: Grafana dashboards for the manager's metrics under grafana/, and a custom-metrics " +
    'config that a second run turns into a dashboard',
  examples: ['{cmd} edit --plugins grafana/v1'],
  scaffold(ctx) {
    ctx.files.add(...grafanaFiles(ctx.project.projectName, ctx.tree.read(CUSTOM_METRICS_CONFIG_PATH)));
  },
};
