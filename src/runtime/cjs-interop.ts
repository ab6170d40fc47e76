/**
 * namedExports returns the exports of a dynamically imported CommonJS package by their names, however it
 * was loaded. Node.js gives `import()` of a CommonJS module its named exports; a chunk of a bundle split by
 * esbuild (`--splitting`, as a generated project's image is bundled) gives it only `default`, the module's
 * `exports` object. `probe` is one export the package always has.
 */
export function namedExports<T extends object>(mod: T, probe: keyof T & string): T {
  if (probe in mod) return mod;
  const fallback = (mod as { default?: unknown }).default;
  if (fallback !== null && typeof fallback === 'object' && probe in fallback) return fallback as T;
  throw new Error(`the loaded module has no export "${probe}", neither named nor on its default export`);
}
