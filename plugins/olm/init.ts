import { toYaml, type FileDescriptor, type HookContext, type IfExists, type Subcommand } from '../../src/index.js';
import { baseCsv, csvPath } from './csv-base.js';
import { withOwnedCrd, type OwnedCrd } from './csv-edit.js';
import { manifestsKustomization } from './manifests.js';
import { packageScriptDescriptor } from './package-script.js';
import { scorecardFiles } from './scorecard.js';

/** MAKEFILE_MARKER is the Makefile scaffold marker the OLM targets are inserted at. */
export const MAKEFILE_MARKER = 'makefile-targets';

/**
 * olmBaseFiles declares everything the plugin owns in a project: config/manifests with the base CSV,
 * config/scorecard, the Makefile targets and the npm script. `ifExists` is `error` for init (a new
 * project) and `skip` for edit (adding the plugin to a project that may already have some of it);
 * `owned` lists the CRDs of APIs that already exist.
 */
export function olmBaseFiles(ctx: HookContext, ifExists: IfExists, owned: readonly OwnedCrd[] = []): FileDescriptor[] {
  const { projectName, domain } = ctx.project;
  const path = csvPath(projectName);
  const csv = owned.reduce((text, entry) => withOwnedCrd(path, text, entry) ?? text, toYaml(baseCsv(ctx.project)));
  const files: FileDescriptor[] = [
    {
      kind: 'generated',
      path: 'config/manifests/kustomization.yaml',
      content: manifestsKustomization(projectName),
      ifExists,
    },
    { kind: 'generated', path, content: csv, ifExists },
    ...Object.entries(scorecardFiles()).map(([file, object]): FileDescriptor => ({
      kind: 'generated',
      path: `config/scorecard/${file}`,
      format: 'yaml',
      object,
      ifExists,
    })),
  ];
  if (ctx.tree.exists('Makefile'))
    files.push({
      kind: 'insert',
      path: 'Makefile',
      ifMissing: 'error',
      fragments: { [MAKEFILE_MARKER]: [{ template: 'olm/init/Makefile.targets.hbs', data: { projectName, domain } }] },
    });
  const pkg = packageScriptDescriptor(ctx.tree);
  if (pkg !== undefined) files.push(pkg);
  return files;
}

/** initSubcommand scaffolds config/manifests (base CSV), config/scorecard and the bundle/catalog Makefile targets. */
export const initSubcommand: Subcommand = {
  description:
    'OLM packaging: config/manifests (base ClusterServiceVersion), config/scorecard, make bundle / catalog targets',
  scaffold(ctx) {
    ctx.files.add(...olmBaseFiles(ctx, 'error'));
  },
};
