import type { KubernetesObject } from '../resource.js';

/** CreateEvent tells that an object appeared (or was present when the informer listed). */
export interface CreateEvent<T extends KubernetesObject = KubernetesObject> {
  object: T;
  /** True when the object comes from the informer's first list (or its replay), not from a live event. */
  isInInitialList?: boolean;
}

/** UpdateEvent tells that an object changed; both states are given. */
export interface UpdateEvent<T extends KubernetesObject = KubernetesObject> {
  objectOld: T;
  objectNew: T;
}

/** DeleteEvent tells that an object was deleted; `object` is its last known state. */
export interface DeleteEvent<T extends KubernetesObject = KubernetesObject> {
  object: T;
}

/** GenericEvent is an event from a source other than the API server (a timer, an external system). */
export interface GenericEvent<T extends KubernetesObject = KubernetesObject> {
  object: T;
}
