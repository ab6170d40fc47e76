import { cloneJson } from '../json/clone.js';
import { JsonDepthError, MAX_JSON_DEPTH } from '../json/depth.js';
import { jsonEqual } from '../json/equal.js';

/**
 * createMergePatch returns the RFC 7386 merge patch that turns `before` into `after`: changed fields with
 * their new value, removed fields as null, arrays replaced whole. Returns undefined when nothing changed.
 * It walks with an explicit stack, so objects as deep as the API server accepts are diffed; deeper ones
 * throw {@link JsonDepthError}. Changed values are shared with `after`, not copied.
 */
export function createMergePatch(before: unknown, after: unknown): unknown {
  if (!isPlainObject(before) || !isPlainObject(after)) {
    if (jsonEqual(before, after)) return undefined;
    return after === undefined ? null : after;
  }
  const root: Record<string, unknown> = {};
  // Pre-order list of the patch objects made, with where each hangs, to drop the empty ones bottom-up.
  const made: Array<{ patch: Record<string, unknown>; parent: Record<string, unknown> | undefined; key: string }> = [
    { patch: root, parent: undefined, key: '' },
  ];
  const stack: Array<[Record<string, unknown>, Record<string, unknown>, Record<string, unknown>, number]> = [
    [before, after, root, 1],
  ];
  while (stack.length > 0) {
    const [b, a, patch, depth] = stack.pop()!;
    if (depth > MAX_JSON_DEPTH) throw new JsonDepthError('object');
    for (const key of Object.keys(a)) {
      const value = a[key];
      if (value === undefined) continue;
      const old = b[key];
      if (isPlainObject(old) && isPlainObject(value)) {
        if (old === value) continue;
        const sub: Record<string, unknown> = {};
        patch[key] = sub;
        made.push({ patch: sub, parent: patch, key });
        stack.push([old, value, sub, depth + 1]);
      } else if (!jsonEqual(old, value)) patch[key] = value;
    }
    for (const key of Object.keys(b)) {
      if (b[key] !== undefined && (!(key in a) || a[key] === undefined)) patch[key] = null;
    }
  }
  for (let i = made.length - 1; i > 0; i--) {
    const { patch, parent, key } = made[i]!;
    if (Object.keys(patch).length === 0) delete parent![key];
  }
  return Object.keys(root).length === 0 ? undefined : root;
}

/**
 * applyMergePatch applies an RFC 7386 merge patch to a JSON value and returns the result (inputs untouched),
 * iteratively, for any depth the API server accepts.
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return cloneJson(patch);
  const result: Record<string, unknown> = isPlainObject(target) ? cloneJson(target) : {};
  const stack: Array<[Record<string, unknown>, Record<string, unknown>, number]> = [[result, patch, 1]];
  while (stack.length > 0) {
    const [into, p, depth] = stack.pop()!;
    if (depth > MAX_JSON_DEPTH) throw new JsonDepthError('merge patch');
    for (const [key, value] of Object.entries(p)) {
      if (value === null) delete into[key];
      else if (isPlainObject(value)) {
        // `into` is already a copy, so its nested objects may be changed in place.
        if (!isPlainObject(into[key])) into[key] = {};
        stack.push([into[key] as Record<string, unknown>, value, depth + 1]);
      } else into[key] = cloneJson(value);
    }
  }
  return result;
}

/** isPlainObject tells whether v is a JSON object (not an array, not null). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
