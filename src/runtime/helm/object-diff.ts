/** ChangeOp is how one leaf of an object changed between two versions. */
export type ChangeOp = 'add' | 'replace' | 'remove';

/** Change is one difference between two JSON values: the path of keys (array indexes as strings) and how it changed. */
export interface Change {
  /** Keys from the root of the object to the changed value. */
  path: string[];
  /** Whether the value was added, replaced or removed. */
  op: ChangeOp;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * diffObjects lists the changes that turn `before` into `after`, down to the leaves: an added map is
 * reported as one `add` per leaf it holds (an empty map or list as an `add` of itself), so that an allow-list
 * can accept "a new label" without accepting "a new metadata". Arrays are compared index by index, and a
 * length change is an `add` or `remove` of the indexes beyond the shorter one.
 */
export function diffObjects(before: unknown, after: unknown, path: string[] = []): Change[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return leaves(after, path, 'add');
  if (after === undefined) return leaves(before, path, 'remove');
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diffObjects(before[k], after[k], [...path, k]));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.max(before.length, after.length);
    return Array.from({ length: n }, (_, i) => diffObjects(before[i], after[i], [...path, String(i)])).flat();
  }
  return sameScalar(before, after) ? [] : [{ path, op: 'replace' }];
}

function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // Two different containers of different kinds, or a container against a scalar, always differ.
  return false;
}

function leaves(value: unknown, path: string[], op: ChangeOp): Change[] {
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    return keys.length === 0 ? [{ path, op }] : keys.sort().flatMap((k) => leaves(value[k], [...path, k], op));
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? [{ path, op }] : value.flatMap((v, i) => leaves(v, [...path, String(i)], op));
  }
  return [{ path, op }];
}
