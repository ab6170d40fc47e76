/**
 * operator-ts/runtime/predicate, also the `predicate` namespace of operator-ts/runtime, after
 * controller-runtime's `pkg/predicate`: predicates filter watch events before they become reconcile
 * requests, such as dropping updates that did not change `metadata.generation` (status writes).
 *
 * @packageDocumentation
 */
export {
  annotationChangedPredicate,
  generationChangedPredicate,
  labelChangedPredicate,
  resourceVersionChangedPredicate,
} from './changed.js';
export { and, not, or, predicateFuncs, type Predicate, type PredicateFuncs } from './predicate.js';
