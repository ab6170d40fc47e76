import { type Subcommand } from '../../src/index.js';
import { ownedCrdEntry } from './create-api.js';
import { olmBaseFiles } from './init.js';

/**
 * editSubcommand adds OLM packaging to an existing project (`operator-ts edit --plugins olm/v1`): the
 * init files that are missing, with every API of the project as an owned CRD and its samples packaged.
 * A project that already has config/manifests is left alone.
 */
export const editSubcommand: Subcommand = {
  description:
    'with --plugins olm/v1: add config/manifests, config/scorecard and the bundle targets to an existing project',
  scaffold(ctx) {
    if (ctx.tree.exists('config/manifests/kustomization.yaml')) return;
    const apis = ctx.project.resources.filter((r) => r.api !== undefined && r.core !== true && r.external !== true);
    ctx.files.add(...olmBaseFiles(ctx, 'skip', apis.map(ownedCrdEntry)));
    if (ctx.tree.exists('config/samples/kustomization.yaml'))
      ctx.files.add({
        kind: 'insert',
        path: 'config/manifests/kustomization.yaml',
        ifMissing: 'skip',
        fragments: { 'manifests-resources': ['- ../samples'] },
      });
  },
};
