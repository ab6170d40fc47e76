/**
 * operator-ts/runtime/helpers: what reconcilers do to objects, after controller-runtime's `controllerutil`
 * and apimachinery's `meta` conditions: status conditions, finalizers, owner references, object references
 * and create-or-update. The daily ones are also exported by operator-ts/runtime.
 *
 * @packageDocumentation
 */
export {
  findStatusCondition,
  isStatusConditionFalse,
  isStatusConditionPresentAndEqual,
  isStatusConditionTrue,
  removeStatusCondition,
  setStatusCondition,
  type Condition,
  type ConditionInput,
  type ConditionStatus,
} from './conditions.js';
export {
  createOrPatch,
  createOrUpdate,
  type MutateFn,
  type OperationResult,
  type PatchOperationResult,
} from './create-or-update.js';
export { getReference } from './object-reference.js';
export {
  addFinalizer,
  containsFinalizer,
  dropFinalizer,
  ensureFinalizer,
  finalizer,
  removeFinalizer,
  type FinalizerHandlers,
} from './finalizers.js';
export {
  AlreadyOwnedError,
  getControllerOf,
  hasControllerReference,
  hasOwnerReference,
  isAlreadyOwnedError,
  removeOwnerReference,
  setControllerReference,
  setOwnerReference,
} from './owner-references.js';
