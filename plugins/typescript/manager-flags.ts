/**
 * MANAGER_NODE_FLAGS are the Node.js flags a generated project runs its manager with, in `npm start` and
 * in the Dockerfile's ENTRYPOINT (`--max-opt` is refused in NODE_OPTIONS, so both spell them out). They
 * trade peak JavaScript speed for memory, which suits an operator: its CPU goes to TLS, HTTP and JSON
 * built-ins that run at full speed either way, while its pod usually has a small memory limit.
 * - `--max-semi-space-size=1` caps V8's young generation at 2 MiB; by default it grows to 16 MiB while
 *   the informer cache fills, and those pages stay resident.
 * - `--max-opt=1` stops at the Sparkplug baseline compiler: the optimising compilers (Maglev, TurboFan)
 *   cost 12-16 MiB of resident memory. Pure-JavaScript hot loops run about 2x slower; measured on the
 *   runtime benchmark, CPU per reconcile stays below controller-runtime's. Remove the flag for
 *   reconcilers that compute a lot.
 * The runtime benchmark (e2e/bench/runtime) starts its operator with these same flags.
 */
export const MANAGER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1', '--max-opt=1'];

/** managerStartScript is the generated package.json's `start` script. */
export function managerStartScript(): string {
  return ['node', ...MANAGER_NODE_FLAGS, 'dist/main.js'].join(' ');
}

/** managerEntrypoint is the Dockerfile's ENTRYPOINT in exec form (a JSON array, one element per argument). */
export function managerEntrypoint(): string {
  return `[${['/nodejs/bin/node', ...MANAGER_NODE_FLAGS, '/manager.mjs'].map((a) => JSON.stringify(a)).join(', ')}]`;
}
