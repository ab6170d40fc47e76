/**
 * MAX_JSON_DEPTH is the deepest nesting the Kubernetes API server decodes: every object and array is one
 * level, the document itself the first. Go's JSON scanner, which kube-apiserver decodes requests and
 * storage with, fails beyond it ("exceeded max depth": maxNestingDepth in encoding/json/scanner.go and
 * sigs.k8s.io/json). Measured on kube-apiserver 1.37.2: a custom resource whose spec nests 9 999 objects
 * (10 000 levels in all) is created, one level more is refused with 400; near the limit, the server's own
 * metadata.managedFields (which repeat the spec's shape four levels further down) are what overflows, so
 * objects with managedFields stop being readable somewhat earlier (9 995 levels under spec).
 */
export const MAX_JSON_DEPTH = 10_000;

/**
 * JsonDepthError is thrown for a value nested deeper than {@link MAX_JSON_DEPTH}: the API server could not
 * decode it, so the runtime refuses it with this message instead of running out of stack. A value that
 * contains itself ends up here too. `code` 400 makes webhook handlers answer BadRequest.
 */
export class JsonDepthError extends Error {
  /** JsonDepthError.code is the HTTP status it stands for. */
  readonly code = 400;
  /** JsonDepthError.reason is the Kubernetes status reason it stands for. */
  readonly reason = 'BadRequest';
  constructor(what: string) {
    super(
      `${what} is nested more than ${MAX_JSON_DEPTH} levels deep, deeper than the Kubernetes API server decodes; ` +
        'flatten the data or store it as a string (a value that contains itself fails this way too)',
    );
    this.name = 'JsonDepthError';
  }
}

/** isJsonContainer tells whether v is an object or array to walk into (a Date is a leaf, as in JSON). */
export function isJsonContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null && !(v instanceof Date);
}

/** jsonDepth returns how many levels of objects and arrays `value` nests (0 for a scalar), without recursion. */
export function jsonDepth(value: unknown): number {
  if (!isJsonContainer(value)) return 0;
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (depth > max) max = depth;
    // Past the limit the answer no longer matters; stopping also ends a walk of a cyclic value.
    if (depth > MAX_JSON_DEPTH) return depth;
    for (const child of Object.values(v as object)) if (isJsonContainer(child)) stack.push([child, depth + 1]);
  }
  return max;
}
