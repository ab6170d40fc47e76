import { toYamlDocuments, type Subcommand } from '../../src/index.js';
import { managerManifests } from './manager.js';
import { rbacFiles } from './rbac.js';

/**
 * editSubcommand re-renders the manifests that depend on `--namespaced` (manager Deployment, manager role
 * and binding) when the flag is given. They are user-editable, so a difference is a conflict unless
 * --force is passed, as with kubebuilder's `edit --namespaced --force`.
 */
export const editSubcommand: Subcommand = {
  description:
    'with --namespaced: re-render config/manager/manager.yaml and the manager role and binding (needs --force)',
  options: [{ name: 'force', type: 'boolean', description: 'overwrite files that edit re-renders', default: false }],
  scaffold(ctx) {
    if (typeof ctx.flags['namespaced'] !== 'boolean') return;
    const { projectName, namespaced } = ctx.project;
    const rbac = rbacFiles(projectName, namespaced);
    ctx.files.add(
      {
        kind: 'generated',
        path: 'config/manager/manager.yaml',
        content: toYamlDocuments(managerManifests(projectName, namespaced)),
        ifExists: 'error',
      },
      {
        kind: 'generated',
        path: 'config/rbac/role_binding.yaml',
        format: 'yaml',
        object: rbac['role_binding.yaml'],
        ifExists: 'error',
      },
    );
  },
};
