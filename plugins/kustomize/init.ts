import { toYamlWithMarkers, type FileDescriptor, type Subcommand } from '../../src/index.js';
import { managerManifests } from './manager.js';
import {
  certMetricsPatch,
  defaultKustomization,
  metricsPatch,
  metricsService,
  networkPolicyFiles,
  networkPolicyKustomization,
  prometheusFiles,
} from './overlays.js';
import { rbacFiles } from './rbac.js';
import { toYamlDocuments } from '../../src/index.js';

function yaml(path: string, object: object): FileDescriptor {
  return { kind: 'generated', path, format: 'yaml', object, ifExists: 'error' };
}

/** initSubcommand scaffolds the kustomize tree under config/: default overlay, manager, rbac, prometheus, network policy. */
export const initSubcommand: Subcommand = {
  description: 'kustomize tree under config/ (default, manager, rbac, prometheus, network-policy)',
  scaffold(ctx) {
    const { projectName, namespaced } = ctx.project;
    const rbac = rbacFiles(projectName, namespaced);
    ctx.files.add(
      {
        kind: 'generated',
        path: 'config/default/kustomization.yaml',
        content: defaultKustomization(projectName),
        ifExists: 'error',
      },
      yaml('config/default/metrics_service.yaml', metricsService(projectName)),
      yaml('config/default/manager_metrics_patch.yaml', metricsPatch()),
      yaml('config/default/cert_metrics_manager_patch.yaml', certMetricsPatch()),
      {
        kind: 'generated',
        path: 'config/manager/manager.yaml',
        content: toYamlDocuments(managerManifests(projectName, namespaced)),
        ifExists: 'error',
      },
      yaml('config/manager/kustomization.yaml', { resources: ['manager.yaml'] }),
      {
        kind: 'generated',
        path: 'config/rbac/kustomization.yaml',
        content: toYamlWithMarkers({ resources: Object.keys(rbac) }, { listMarkers: { resources: 'resources' } }),
        ifExists: 'error',
      },
      ...Object.entries(rbac).map(([file, obj]) => yaml(`config/rbac/${file}`, obj)),
      ...Object.entries(prometheusFiles(projectName)).map(([file, obj]) => yaml(`config/prometheus/${file}`, obj)),
      {
        kind: 'generated',
        path: 'config/network-policy/kustomization.yaml',
        content: networkPolicyKustomization(),
        ifExists: 'error',
      },
      ...Object.entries(networkPolicyFiles(projectName)).map(([file, obj]) =>
        yaml(`config/network-policy/${file}`, obj),
      ),
    );
  },
};
