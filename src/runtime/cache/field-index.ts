import type { Logger } from '../log/logger.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- named by a TSDoc {@link}
import { MissingIndexError, type IndexFunc } from './store.js';

export { MissingIndexError } from './store.js';

/** IndexerFunc returns the values of one indexed field of an object, like controller-runtime's `client.IndexerFunc`. */
export type IndexerFunc<T extends KubernetesObject = KubernetesObject> = (obj: T) => string[];

/**
 * FieldIndexer registers field indexes on the cache, like controller-runtime's `client.FieldIndexer`: the
 * manager's client then answers `list(Kind, { matchingFields: { [field]: value } })` from the index.
 */
export interface FieldIndexer {
  /**
   * FieldIndexer.indexField indexes objects of `resource` by the values `extract` returns. `field` is only a
   * name (`.metadata.controller`, `spec.nodeName`): it need not be a path the object has. Register before
   * the manager starts; a second index of the same field of a kind is an error.
   */
  indexField<T extends KubernetesObject>(resource: ResourceDescriptor<T>, field: string, extract: IndexerFunc<T>): void;
}

/** ALL_NAMESPACES is the namespace part of the key that finds an object whatever its namespace (controller-runtime's). */
export const ALL_NAMESPACES = '__all_namespaces';

/** fieldIndexName is the store index a field is kept in: `field:<field>`, as controller-runtime names it. */
export function fieldIndexName(field: string): string {
  return `field:${field}`;
}

/** namespacedIndexKey is the key of `value` within a namespace, or across all namespaces for the empty namespace. */
export function namespacedIndexKey(namespace: string, value: string): string {
  return `${namespace === '' ? ALL_NAMESPACES : namespace}/${value}`;
}

/**
 * fieldIndexFunc turns a field extractor into a store index function. Each value of a namespaced object is
 * kept twice, under its namespace and across all namespaces, so that a list in one namespace and a list
 * across all are both one lookup (controller-runtime's indexByField). An extractor that throws or returns
 * anything but an array of strings indexes the object under nothing, and the failure is logged: one bad
 * object must not stop the informer.
 */
export function fieldIndexFunc<T extends KubernetesObject>(
  field: string,
  extract: IndexerFunc<T>,
  log: Logger,
): IndexFunc<T> {
  return (obj) => {
    let values: unknown;
    try {
      values = extract(obj);
    } catch (err) {
      log.error(
        { err, field, namespace: obj.metadata?.namespace, name: obj.metadata?.name },
        'field index extractor failed',
      );
      return [];
    }
    if (!Array.isArray(values) || values.some((v) => typeof v !== 'string')) {
      if (values !== undefined && values !== null) {
        log.error(
          { field, namespace: obj.metadata?.namespace, name: obj.metadata?.name },
          'field index extractor returned something other than an array of strings',
        );
      }
      return [];
    }
    const namespace = obj.metadata?.namespace ?? '';
    const keys = (values as string[]).map((value) => namespacedIndexKey(namespace, value));
    if (namespace !== '') for (const value of values as string[]) keys.push(namespacedIndexKey('', value));
    return keys;
  };
}

/** IndexReader is the part of a store or informer that {@link listByFields} needs. */
export interface IndexReader<T> {
  byIndex(name: string, value: string): T[];
}

/**
 * listByFields returns the objects whose every field in `fields` has the given value, from the field
 * indexes: within `namespace` for a namespaced kind, across all namespaces otherwise. Each field is one
 * index lookup and the results are intersected, so the cost follows the size of the matches, never of the
 * store. A field without an index throws {@link MissingIndexError}.
 */
export function listByFields<T>(
  reader: IndexReader<T>,
  resource: Pick<ResourceDescriptor, 'namespaced'>,
  fields: Record<string, string>,
  namespace: string | undefined,
): T[] {
  const scope = resource.namespaced ? (namespace ?? '') : '';
  const results = Object.entries(fields).map(([field, value]) =>
    reader.byIndex(fieldIndexName(field), namespacedIndexKey(scope, value)),
  );
  if (results.length === 0) return [];
  results.sort((a, b) => a.length - b.length);
  const [smallest, ...others] = results as [T[], ...T[][]];
  if (others.length === 0) return smallest;
  const sets = others.map((r) => new Set(r));
  return smallest.filter((obj) => sets.every((s) => s.has(obj)));
}

/**
 * fieldSelectorFor writes `fields` as an API server field selector (`a=x,b=y`), escaping `\`, `,` and `=`
 * in values as apimachinery's `fields.EscapeValue` does.
 */
export function fieldSelectorFor(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([field, value]) => `${field}=${value.replace(/[\\,=]/g, (c) => `\\${c}`)}`)
    .join(',');
}
