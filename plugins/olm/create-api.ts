import {
  fullGroup,
  type FileDescriptor,
  type HookContext,
  type ResourceConfig,
  type Subcommand,
} from '../../src/index.js';
import { csvPath } from './csv-base.js';
import { withOwnedCrd, type OwnedCrd } from './csv-edit.js';

/** ownedCrdEntry is the owned-CRD entry of a resource: CRD name, version, kind and the scaffolded description. */
export function ownedCrdEntry(res: ResourceConfig): OwnedCrd {
  const plural = res.plural;
  return {
    name: `${plural}.${fullGroup(res)}`,
    version: res.version,
    kind: res.kind,
    displayName: res.kind.replace(/([a-z0-9])([A-Z])/g, '$1 $2'),
    description: `${res.kind} is the Schema for the ${plural} API.`,
  };
}

/** ownedCrdFiles adds a resource's CRD to the base CSV's owned list and its samples to config/manifests. */
export function ownedCrdFiles(ctx: HookContext, res: ResourceConfig): FileDescriptor[] {
  const path = csvPath(ctx.project.projectName);
  const text = ctx.tree.read(path);
  if (text === undefined) {
    ctx.log.warn(
      `${path} does not exist, so ${res.kind} is not listed as an owned CRD; run \`operator-ts edit --plugins olm/v1\` to re-create it`,
    );
    return [];
  }
  const updated = withOwnedCrd(path, text, ownedCrdEntry(res));
  const files: FileDescriptor[] = [];
  if (updated !== undefined) files.push({ kind: 'generated', path, content: updated, ifExists: 'overwrite' });
  if (ctx.tree.exists('config/samples/kustomization.yaml'))
    files.push({
      kind: 'insert',
      path: 'config/manifests/kustomization.yaml',
      ifMissing: 'skip',
      fragments: { 'manifests-resources': ['- ../samples'] },
    });
  return files;
}

/** createApiSubcommand lists a new CRD as owned in the base CSV and packages its sample as an alm-example. */
export const createApiSubcommand: Subcommand = {
  description: 'owned CRD entry in the base ClusterServiceVersion; config/samples in config/manifests',
  scaffold(ctx) {
    const res = ctx.resource;
    if (res === undefined || res.core === true || ctx.flags['resource'] === false) return;
    ctx.files.add(...ownedCrdFiles(ctx, res));
  },
};
