import type { ProjectConfig, ResourceConfig } from '../../model/project.js';
import { fullGroup } from '../../model/resource.js';

// A replay is only as good as what it gives back: scaffolding PROJECT afresh must record PROJECT again. A
// setting the replay could not re-create (a kind of webhook, a plugin's setting) would otherwise vanish
// from the result without a word, with the files it made.

/** stable serialises a value with sorted keys, so key order does not count as a difference. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function identity(r: ResourceConfig): string {
  const group = fullGroup(r);
  return `${group === '' ? 'core' : group}/${r.version} ${r.kind}`;
}

/**
 * projectDifference names the first setting of `want` that `got` (the PROJECT a replay wrote) does not
 * record the same way, or undefined when they agree; cliVersion does not count, nor the order of resources.
 */
export function projectDifference(want: ProjectConfig, got: ProjectConfig): string | undefined {
  const top = (p: ProjectConfig): Record<string, unknown> => {
    const rest: Record<string, unknown> = { ...p };
    delete rest['resources'];
    delete rest['cliVersion'];
    return rest;
  };
  const [wantTop, gotTop, wantResources, gotResources] = [top(want), top(got), want.resources, got.resources];
  for (const key of [...new Set([...Object.keys(wantTop), ...Object.keys(gotTop)])].sort())
    if (stable(wantTop[key]) !== stable(gotTop[key]))
      return (
        `${key}: ${stable(wantTop[key]) ?? 'nothing'} was recorded, the replay recorded ` +
        (stable(gotTop[key]) ?? 'nothing')
      );
  for (const r of wantResources) {
    const other = gotResources.find((o) => identity(o) === identity(r));
    if (other === undefined) return `resources: ${identity(r)} was not re-created`;
    if (stable(r) !== stable(other))
      return `resources: ${identity(r)} is recorded as ${stable(r)}, the replay recorded ${stable(other)}`;
  }
  const extra = gotResources.find((o) => !wantResources.some((r) => identity(r) === identity(o)));
  return extra === undefined ? undefined : `resources: the replay added ${identity(extra)}`;
}
