import { isJsonContainer, JsonDepthError, MAX_JSON_DEPTH } from './depth.js';

type Item = { text: string } | { value: unknown; depth: number; inArray: boolean };

/**
 * stringifyJson is `JSON.stringify(value)` (no replacer, no indentation) for any depth the API server
 * accepts: V8's own serialiser overflows its stack at a few thousand levels, so on that RangeError the
 * value is serialised again with an explicit stack, with the same output (toJSON, undefined and functions
 * skipped in objects and null in arrays, non-finite numbers as null). Beyond {@link MAX_JSON_DEPTH} it
 * throws {@link JsonDepthError} naming `what`.
 */
export function stringifyJson(value: unknown, what = 'object'): string {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
  }
  return stringifyIteratively(value, what);
}

/** stringifyIteratively is {@link stringifyJson}'s stack-based serialiser, exported for tests. */
export function stringifyIteratively(value: unknown, what = 'object'): string {
  const out: string[] = [];
  const stack: Item[] = [{ value: toJsonable(value, ''), depth: 1, inArray: false }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const v = item.value;
    if (!isJsonContainer(v)) {
      out.push(scalar(v, item.inArray));
      continue;
    }
    if (item.depth > MAX_JSON_DEPTH) throw new JsonDepthError(what);
    if (Array.isArray(v)) {
      out.push('[');
      stack.push({ text: ']' });
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push({ value: toJsonable(v[i], String(i)), depth: item.depth + 1, inArray: true });
        if (i > 0) stack.push({ text: ',' });
      }
      continue;
    }
    const entries: Array<[string, unknown]> = [];
    for (const key of Object.keys(v)) {
      const child = toJsonable(v[key], key);
      if (child !== undefined && typeof child !== 'function' && typeof child !== 'symbol') entries.push([key, child]);
    }
    out.push('{');
    stack.push({ text: '}' });
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, depth: item.depth + 1, inArray: false });
      stack.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
    }
  }
  return out.join('');
}

function toJsonable(v: unknown, key: string): unknown {
  const withToJson = v as { toJSON?: (key: string) => unknown } | null;
  return typeof withToJson === 'object' && withToJson !== null && typeof withToJson.toJSON === 'function'
    ? withToJson.toJSON(key)
    : v;
}

/** scalar renders a leaf; object members that JSON omits were filtered out before, so what is left in an array is null. */
function scalar(v: unknown, inArray: boolean): string {
  // JSON.stringify of a bigint throws its own TypeError, as the fast path would.
  const text = JSON.stringify(v) as string | undefined;
  return text ?? (inArray ? 'null' : '');
}
