import { Command } from 'commander';
import type { RunContext } from '../run-context.js';

/**
 * importCommand builds `operator-ts import crd`: CustomResourceDefinitions to typed TypeScript API
 * folders. The importer (and json-schema-to-typescript with it) is loaded inside the action only.
 */
export function importCommand(ctx: RunContext): Command {
  const crd = new Command('crd')
    .description(
      'Turn CustomResourceDefinitions (files, folders, - for stdin, or --from-cluster) into TypeScript types with markers and typed resource descriptors',
    )
    .argument(
      '[sources...]',
      'CRD files (YAML or JSON, multi-document, kind: List) or folders of them; - reads standard input',
    )
    .option('--output <dir>', 'base folder: files go to <dir>/<group>/<version>/', 'src/api/external')
    .option(
      '--from-cluster <crd-name...>',
      'read these CRDs (e.g. certificates.cert-manager.io) from the cluster of the current kubeconfig',
    )
    .option('--force', 'overwrite files in the way that import crd did not write', false)
    .option('--dry-run', 'print the CREATE/UPDATE/SKIP list and write nothing', false)
    .addHelpText(
      'after',
      '\nExamples:\n  operator-ts import crd cert-manager.crds.yaml\n  operator-ts import crd config/external/ --output src/api/external\n  kubectl get crd httproutes.gateway.networking.k8s.io -o yaml | operator-ts import crd -\n  operator-ts import crd --from-cluster certificates.cert-manager.io issuers.cert-manager.io\n\nEach kind and version becomes <kind>.types.ts (types with the markers that reproduce the schema),\n<kind>.resource.ts (the descriptor for client.get, .owns(), .watches() and webhooks) and groupversion.ts,\nwhose +kubebuilder:skip keeps operator-ts generate from writing CRDs for kinds the project does not own.\n',
    )
    .action(async (sources: string[], flags: Record<string, unknown>) => {
      const { importAction } = await import('./import-action.js');
      await importAction(ctx.io, sources, flags);
    });
  return new Command('import')
    .description('Import APIs the project does not own')
    .addCommand(crd)
    .addHelpText('after', '\nExamples:\n  operator-ts import crd cert-manager.crds.yaml\n');
}
