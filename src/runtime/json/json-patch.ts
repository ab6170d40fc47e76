import { isJsonContainer, JsonDepthError, MAX_JSON_DEPTH } from './depth.js';

/** JsonPatchOp is one RFC 6902 operation as {@link createJsonPatch} emits them. */
export type JsonPatchOp = { op: 'add' | 'replace'; path: string; value: unknown } | { op: 'remove'; path: string };

type Container = Record<string, unknown> | unknown[];

/** Frame is one pair of containers being compared, with how far through the old keys the walk is. */
interface Frame {
  before: Container;
  after: Container;
  path: string;
  depth: number;
  oldKeys: string[];
  /** Next old key to look at, counting down as fast-json-patch does (so array removals run from the end). */
  next: number;
  deleted: boolean;
}

/**
 * createJsonPatch returns the RFC 6902 operations that turn `before` into `after`, both plain JSON (as
 * JSON.parse returns it). It emits what fast-json-patch's `compare` emits, in the same order (removals from
 * the highest array index down, then additions), but walks with an explicit stack: `compare` recurses once
 * per level and overflows at a few thousand. Values nested deeper than {@link MAX_JSON_DEPTH} throw
 * {@link JsonDepthError}. Values in the operations are shared with `after`, not copied.
 */
export function createJsonPatch(before: unknown, after: unknown): JsonPatchOp[] {
  const ops: JsonPatchOp[] = [];
  if (before === after) return ops;
  if (!isJsonContainer(before) || !isJsonContainer(after) || Array.isArray(before) !== Array.isArray(after)) {
    ops.push({ op: 'replace', path: '', value: after });
    return ops;
  }
  const stack: Frame[] = [frame(before, after, '', 1)];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next >= 0) {
      const child = step(top, ops);
      if (child !== undefined) {
        if (child.depth > MAX_JSON_DEPTH) throw new JsonDepthError('object');
        stack.push(child);
      }
      continue;
    }
    stack.pop();
    finish(top, ops);
  }
  return ops;
}

function frame(before: Container, after: Container, path: string, depth: number): Frame {
  const oldKeys = objectKeys(before);
  return { before, after, path, depth, oldKeys, next: oldKeys.length - 1, deleted: false };
}

/** step looks at one old key of the frame: emits its operation, or returns the frame to descend into. */
function step(f: Frame, ops: JsonPatchOp[]): Frame | undefined {
  const key = f.oldKeys[f.next--]!;
  const before = f.before as Record<string, unknown>;
  const after = f.after as Record<string, unknown>;
  const oldVal = before[key];
  const path = `${f.path}/${escapePathComponent(key)}`;
  const afterIsArray = Array.isArray(f.after);
  if (Object.hasOwn(after, key) && !(after[key] === undefined && oldVal !== undefined && !afterIsArray)) {
    const newVal = after[key];
    if (isJsonContainer(oldVal) && isJsonContainer(newVal) && Array.isArray(oldVal) === Array.isArray(newVal)) {
      return oldVal === newVal ? undefined : frame(oldVal, newVal, path, f.depth + 1);
    }
    if (oldVal !== newVal) ops.push({ op: 'replace', path, value: newVal });
    return undefined;
  }
  if (Array.isArray(f.before) === afterIsArray) {
    ops.push({ op: 'remove', path });
    f.deleted = true;
  } else ops.push({ op: 'replace', path: f.path, value: f.after });
  return undefined;
}

/** finish adds the keys that only `after` has, once every old key was handled. */
function finish(f: Frame, ops: JsonPatchOp[]): void {
  const newKeys = objectKeys(f.after);
  if (!f.deleted && newKeys.length === f.oldKeys.length) return;
  const before = f.before as Record<string, unknown>;
  const after = f.after as Record<string, unknown>;
  for (const key of newKeys) {
    if (!Object.hasOwn(before, key) && after[key] !== undefined)
      ops.push({ op: 'add', path: `${f.path}/${escapePathComponent(key)}`, value: after[key] });
  }
}

function objectKeys(v: Container): string[] {
  if (!Array.isArray(v)) return Object.keys(v);
  const keys = new Array<string>(v.length);
  for (let i = 0; i < v.length; i++) keys[i] = String(i);
  return keys;
}

/** escapePathComponent escapes a key for a JSON pointer (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePathComponent(key: string): string {
  return key.indexOf('/') === -1 && key.indexOf('~') === -1 ? key : key.replace(/~/g, '~0').replace(/\//g, '~1');
}
