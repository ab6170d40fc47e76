import type { ProjectConfig, ResourceConfig } from './project.js';
import { coreGroupName } from './core-groups.js';

/** fullGroup is the API group of a resource: `<group>.<domain>`, or the built-in group name for core kinds. */
export function fullGroup(res: Pick<ResourceConfig, 'group' | 'domain' | 'core'>): string {
  if (res.core === true) return coreGroupName(res.group);
  return res.domain !== undefined && res.domain !== '' ? `${res.group}.${res.domain}` : res.group;
}

/**
 * findResource finds the entry for a resource, matched by its full API group, version and kind (as
 * kubebuilder's GVK compares group and domain): the built-in batch/v1 CronJob and a project's own
 * batch.<domain>/v1 CronJob are different resources.
 */
export function findResource(
  project: ProjectConfig,
  res: Pick<ResourceConfig, 'group' | 'domain' | 'core' | 'version' | 'kind'>,
): ResourceConfig | undefined {
  const group = fullGroup(res);
  return project.resources.find((r) => fullGroup(r) === group && r.version === res.version && r.kind === res.kind);
}

/** apiDir is the folder of a version's API types: `src/api/<version>` or, multigroup, `src/api/<group>/<version>`. */
export function apiDir(
  project: Pick<ProjectConfig, 'multigroup'>,
  res: Pick<ResourceConfig, 'group' | 'version'>,
): string {
  return project.multigroup ? `src/api/${res.group}/${res.version}` : `src/api/${res.version}`;
}

/** controllersDir is `src/controllers` or, multigroup, `src/controllers/<group>`. */
export function controllersDir(project: Pick<ProjectConfig, 'multigroup'>, res: Pick<ResourceConfig, 'group'>): string {
  return project.multigroup ? `src/controllers/${res.group}` : 'src/controllers';
}

/** webhooksDir is `src/webhooks/<version>` or, multigroup, `src/webhooks/<group>/<version>`. */
export function webhooksDir(
  project: Pick<ProjectConfig, 'multigroup'>,
  res: Pick<ResourceConfig, 'group' | 'version'>,
): string {
  return project.multigroup ? `src/webhooks/${res.group}/${res.version}` : `src/webhooks/${res.version}`;
}

/** relativeImport is the ESM specifier from the folder `fromDir` to the file `toFile` (`.ts` becomes `.js`). */
export function relativeImport(fromDir: string, toFile: string): string {
  const from = fromDir.split('/').filter((p) => p.length > 0);
  const to = toFile.split('/').filter((p) => p.length > 0);
  let i = 0;
  while (i < from.length && i < to.length - 1 && from[i] === to[i]) i++;
  const up = from.length - i;
  const rest = to.slice(i).join('/').replace(/\.ts$/, '.js');
  return up === 0 ? `./${rest}` : `${'../'.repeat(up)}${rest}`;
}
