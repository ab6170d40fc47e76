import type { V1ObjectMeta } from '@kubernetes/client-node';
import type { Wire } from './wire.js';

/** ObjectMeta is `metadata` as the API server sends it: client-node's V1ObjectMeta with timestamps as strings. */
export type ObjectMeta = Wire<V1ObjectMeta>;

/**
 * KubernetesObject is the minimal shape of every object the runtime reads and writes. Its metadata may be
 * typed with client-node's model (Dates) or as it arrives ({@link ObjectMeta}), so that both kinds of object
 * satisfy it; what the runtime returns is always the wire form (see {@link Wire}).
 */
export interface KubernetesObject {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta | ObjectMeta;
}

/**
 * ResourceDescriptor names one Kubernetes resource (group, version, kind, plural, scope) and carries the
 * TypeScript type of its objects as they arrive (the wire type, see {@link Wire}), so that the typed client
 * never needs a plural or apiVersion spelled by hand. Generated projects get one per kind in
 * `zz_generated.resources.ts`; built-in kinds are in {@link builtin}.
 */
export interface ResourceDescriptor<T extends KubernetesObject = KubernetesObject> {
  /** API group; the empty string for the core group. */
  readonly group: string;
  /** API version within the group, such as `v1alpha1`. */
  readonly version: string;
  /** Kind, such as `Memcached`. */
  readonly kind: string;
  /** Lower-case plural resource name used in URLs, such as `memcacheds`. */
  readonly plural: string;
  /** True when objects live in a namespace. */
  readonly namespaced: boolean;
  /** `group/version`, or `version` alone for the core group. */
  readonly apiVersion: string;
  /** Phantom field that carries the object type; never set at runtime. */
  readonly __object?: T;
}

/** ResourceDescriptorInit is what {@link defineResource} takes. */
export interface ResourceDescriptorInit {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

/**
 * defineResource builds a frozen {@link ResourceDescriptor} for objects declared as `T` (an API type, or a
 * client-node model such as `V1Job`); the descriptor carries `Wire<T>`, the type of the objects as they
 * arrive, with every `Date` of `T` a string.
 */
export function defineResource<T extends KubernetesObject>(init: ResourceDescriptorInit): ResourceDescriptor<Wire<T>> {
  const apiVersion = init.group === '' ? init.version : `${init.group}/${init.version}`;
  return Object.freeze({ ...init, apiVersion });
}

/** ObjectOf extracts the object type a descriptor carries: the wire type, such as `ObjectOf<typeof builtin.Job>`. */
export type ObjectOf<R> = R extends ResourceDescriptor<infer T> ? T : never;

/** ObjectKey identifies one object; `namespace` is omitted or empty for cluster-scoped kinds. */
export interface ObjectKey {
  namespace?: string;
  name: string;
}
