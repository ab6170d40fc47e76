import { isJsonContainer, JsonDepthError, MAX_JSON_DEPTH } from './depth.js';

type Container = Record<string, unknown> | unknown[];

/**
 * cloneJson deep-copies a JSON value (objects, arrays, scalars; Dates copied as Dates) with an explicit
 * stack, so any depth the API server accepts is copied where `structuredClone` overflows the call stack
 * (at about 2 000 levels on Node 24). A value deeper than {@link MAX_JSON_DEPTH}, or one that contains
 * itself, throws {@link JsonDepthError} naming `what`. Own enumerable keys are copied, undefined values kept.
 */
export function cloneJson<T>(value: T, what = 'object'): T {
  if (!isJsonContainer(value)) return value instanceof Date ? (new Date(value.getTime()) as T) : value;
  const root = emptyLike(value);
  const stack: Array<[from: Container, to: Container, depth: number]> = [[value, root, 1]];
  while (stack.length > 0) {
    const [from, to, depth] = stack.pop()!;
    if (depth > MAX_JSON_DEPTH) throw new JsonDepthError(what);
    const target = to as Record<string, unknown>;
    const keys = Array.isArray(from) ? from.keys() : Object.keys(from);
    for (const key of keys) {
      const child = (from as Record<string | number, unknown>)[key];
      if (isJsonContainer(child)) {
        const empty = emptyLike(child);
        target[key] = empty;
        stack.push([child, empty, depth + 1]);
      } else target[key] = child instanceof Date ? new Date(child.getTime()) : child;
    }
  }
  return root as T;
}

function emptyLike(v: Container): Container {
  return Array.isArray(v) ? new Array<unknown>(v.length) : {};
}
