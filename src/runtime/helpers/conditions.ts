/** ConditionStatus is the status of a condition. */
export type ConditionStatus = 'True' | 'False' | 'Unknown';

/**
 * Condition is one entry of `status.conditions`, the shape of apimachinery's `metav1.Condition` with times
 * as RFC 3339 strings (what the API server sends); structurally the same as `Condition` of
 * `operator-ts/types`, so lists typed with either work with these helpers.
 */
export interface Condition {
  /** CamelCase type, such as `Available`. */
  type: string;
  /** `True`, `False` or `Unknown`. */
  status: ConditionStatus;
  /** metadata.generation the condition was set for. */
  observedGeneration?: number;
  /** When the status last changed, RFC 3339. */
  lastTransitionTime: string;
  /** CamelCase reason for the last transition. */
  reason: string;
  /** Human-readable details. */
  message: string;
}

/** ConditionInput is what {@link setStatusCondition} takes: a condition whose transition time may be left out. */
export type ConditionInput = Omit<Condition, 'lastTransitionTime'> & { lastTransitionTime?: string };

/** formatTime renders a date the way `metav1.Time` is serialised (RFC 3339, whole seconds, UTC). */
export function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/**
 * setStatusCondition sets the condition in the list in place and tells whether anything changed, with
 * apimachinery's `meta.SetStatusCondition` semantics: a new condition is appended with `lastTransitionTime`
 * set to now unless given; on an existing one `lastTransitionTime` changes only when the status changes
 * (to the given time or now); reason, message and observedGeneration are updated.
 */
export function setStatusCondition(
  conditions: Condition[],
  newCondition: ConditionInput,
  now: () => Date = () => new Date(),
): boolean {
  const existing = findStatusCondition(conditions, newCondition.type);
  if (existing === undefined) {
    const cond: Condition = {
      ...newCondition,
      lastTransitionTime: nonEmpty(newCondition.lastTransitionTime) ?? formatTime(now()),
    };
    conditions.push(cond);
    return true;
  }
  let changed = false;
  if (existing.status !== newCondition.status) {
    existing.status = newCondition.status;
    existing.lastTransitionTime = nonEmpty(newCondition.lastTransitionTime) ?? formatTime(now());
    changed = true;
  }
  if (existing.reason !== newCondition.reason) {
    existing.reason = newCondition.reason;
    changed = true;
  }
  if (existing.message !== newCondition.message) {
    existing.message = newCondition.message;
    changed = true;
  }
  if ((existing.observedGeneration ?? 0) !== (newCondition.observedGeneration ?? 0)) {
    if (newCondition.observedGeneration === undefined) delete existing.observedGeneration;
    else existing.observedGeneration = newCondition.observedGeneration;
    changed = true;
  }
  return changed;
}

/** findStatusCondition returns the condition of the given type, or undefined. */
export function findStatusCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

/** removeStatusCondition removes the condition of the given type in place and tells whether it was there. */
export function removeStatusCondition(conditions: Condition[], type: string): boolean {
  const index = conditions.findIndex((c) => c.type === type);
  if (index < 0) return false;
  conditions.splice(index, 1);
  return true;
}

/** isStatusConditionTrue tells whether the condition of the given type has status `True`. */
export function isStatusConditionTrue(conditions: readonly Condition[] | undefined, type: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, type, 'True');
}

/** isStatusConditionFalse tells whether the condition of the given type has status `False`. */
export function isStatusConditionFalse(conditions: readonly Condition[] | undefined, type: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, type, 'False');
}

/** isStatusConditionPresentAndEqual tells whether the condition of the given type has the given status. */
export function isStatusConditionPresentAndEqual(
  conditions: readonly Condition[] | undefined,
  type: string,
  status: ConditionStatus,
): boolean {
  return findStatusCondition(conditions, type)?.status === status;
}

function nonEmpty(s: string | undefined): string | undefined {
  return s === undefined || s === '' ? undefined : s;
}
