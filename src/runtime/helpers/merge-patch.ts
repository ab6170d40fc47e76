import { nodeUtil } from '../node-cjs.js';

/**
 * createMergePatch returns the RFC 7386 merge patch that turns `before` into `after`: changed fields with
 * their new value, removed fields as null, arrays replaced whole. Returns undefined when nothing changed.
 */
export function createMergePatch(before: unknown, after: unknown): unknown {
  if (nodeUtil.isDeepStrictEqual(before, after)) return undefined;
  if (!isPlainObject(before) || !isPlainObject(after)) return after === undefined ? null : after;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const sub = createMergePatch(before[key], value);
    if (sub !== undefined) patch[key] = sub;
  }
  for (const key of Object.keys(before)) {
    if (before[key] !== undefined && (!(key in after) || after[key] === undefined)) patch[key] = null;
  }
  return Object.keys(patch).length === 0 ? undefined : patch;
}

/** applyMergePatch applies an RFC 7386 merge patch to a JSON value and returns the result (inputs untouched). */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isPlainObject(target) ? structuredClone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}

/** isPlainObject tells whether v is a JSON object (not an array, not null). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}
