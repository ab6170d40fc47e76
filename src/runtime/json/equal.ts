import { isJsonContainer, JsonDepthError, MAX_JSON_DEPTH } from './depth.js';

/**
 * jsonEqual compares two JSON values as the API server would see them once serialised, with an explicit
 * stack instead of recursion (`util.isDeepStrictEqual` overflows at about 2 000 levels): object keys whose
 * value is undefined count as absent, key order does not matter, Dates compare by instant. Values nested
 * deeper than {@link MAX_JSON_DEPTH} throw {@link JsonDepthError}.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown, number]> = [[a, b, 0]];
  while (stack.length > 0) {
    const [x, y, depth] = stack.pop()!;
    if (x === y) continue;
    if (x instanceof Date || y instanceof Date) {
      if (!(x instanceof Date && y instanceof Date) || x.getTime() !== y.getTime()) return false;
      continue;
    }
    if (!isJsonContainer(x) || !isJsonContainer(y)) {
      if (Number.isNaN(x) && Number.isNaN(y)) continue;
      return false;
    }
    if (depth >= MAX_JSON_DEPTH) throw new JsonDepthError('value');
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x)) {
      const ys = y as unknown[];
      if (x.length !== ys.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], ys[i], depth + 1]);
      continue;
    }
    const xo = x;
    const yo = y as Record<string, unknown>;
    let defined = 0;
    for (const key of Object.keys(xo)) {
      if (xo[key] === undefined) continue;
      defined++;
      if (!Object.hasOwn(yo, key) || yo[key] === undefined) return false;
      stack.push([xo[key], yo[key], depth + 1]);
    }
    for (const key of Object.keys(yo)) if (yo[key] !== undefined) defined--;
    if (defined !== 0) return false;
  }
  return true;
}
