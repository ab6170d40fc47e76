import { builtin } from '../builtin.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';

/** KindResolver finds the descriptor of a rendered object's kind, or undefined when the kind is unknown. */
export type KindResolver = (apiVersion: string, kind: string) => ResourceDescriptor | undefined;

/**
 * kindResolver looks kinds up in the built-in table, then in `extra` (the descriptors of the custom
 * resources or less common kinds a chart renders). Plurals and scopes come from the descriptors, never
 * from guessing, so that an object is never applied to the wrong URL.
 */
export function kindResolver(extra: readonly ResourceDescriptor[] = []): KindResolver {
  const table = new Map<string, ResourceDescriptor>();
  for (const d of [...Object.values(builtin), ...extra] as ResourceDescriptor[])
    table.set(`${d.apiVersion}/${d.kind}`, d);
  return (apiVersion, kind) => table.get(`${apiVersion}/${kind}`);
}

/** UnknownKindError names rendered objects whose kind no descriptor describes. */
export class UnknownKindError extends Error {
  /** UnknownKindError.name is fixed so that it survives minification and structured logs. */
  override readonly name = 'UnknownKindError';
}

/** resolveAll pairs each object with its descriptor, or throws {@link UnknownKindError} naming every unknown kind. */
export function resolveAll(
  objects: readonly KubernetesObject[],
  resolve: KindResolver,
): Array<{ object: KubernetesObject; resource: ResourceDescriptor }> {
  const unknown = new Set<string>();
  const out = objects.flatMap((object) => {
    const resource = resolve(object.apiVersion ?? '', object.kind ?? '');
    if (resource === undefined) {
      unknown.add(`${object.apiVersion ?? '?'} ${object.kind ?? '?'}`);
      return [];
    }
    return [{ object, resource }];
  });
  if (unknown.size > 0) {
    throw new UnknownKindError(
      `the chart renders kinds the operator has no descriptor for: ${[...unknown].join(', ')}; pass their descriptors in the release's resources option`,
    );
  }
  return out;
}
