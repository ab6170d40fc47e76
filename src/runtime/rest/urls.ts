import type { ResourceDescriptor } from '../resource.js';

/** PathOptions names what a resource path points at. */
export interface PathOptions {
  /** Namespace of a namespaced resource; omitted to address every namespace (lists and watches only). */
  namespace?: string;
  /** Object name; omitted for collections. */
  name?: string;
  /** Subresource such as `status` or `scale`; needs a name. */
  subresource?: string;
}

/** QueryValue is one query parameter value; undefined and empty values are left out. */
export type QueryValue = string | number | boolean | undefined;

/** groupVersionPrefix returns `/api/v1` for the core group and `/apis/<group>/<version>` otherwise. */
export function groupVersionPrefix(resource: Pick<ResourceDescriptor, 'group' | 'version'>): string {
  return resource.group === ''
    ? `/api/${encodeURIComponent(resource.version)}`
    : `/apis/${encodeURIComponent(resource.group)}/${encodeURIComponent(resource.version)}`;
}

/**
 * resourcePath builds the REST path of a collection, an object or a subresource. Namespaced kinds without
 * a namespace address all namespaces, which only lists and watches may do; naming an object of a
 * namespaced kind without its namespace is a programming error and throws.
 */
export function resourcePath(resource: ResourceDescriptor, options: PathOptions = {}): string {
  const { namespace, name, subresource } = options;
  if (subresource !== undefined && (name === undefined || name === '')) {
    throw new Error(`${resource.kind}: subresource "${subresource}" needs an object name`);
  }
  if (name !== undefined && name === '') {
    throw new Error(`${resource.kind}: object name must not be empty`);
  }
  let path = groupVersionPrefix(resource);
  if (resource.namespaced) {
    if (namespace !== undefined && namespace !== '') {
      path += `/namespaces/${encodeURIComponent(namespace)}`;
    } else if (name !== undefined) {
      throw new Error(`${resource.kind} "${name}" is namespaced: pass a namespace`);
    }
  }
  path += `/${encodeURIComponent(resource.plural)}`;
  if (name !== undefined) path += `/${encodeURIComponent(name)}`;
  if (subresource !== undefined) path += `/${encodeURIComponent(subresource)}`;
  return path;
}

/** queryString renders parameters in insertion order as `?a=b&c=d`, or the empty string when none are set. */
export function queryString(params: Record<string, QueryValue> | undefined): string {
  if (params === undefined) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
