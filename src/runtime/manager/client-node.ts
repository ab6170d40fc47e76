import type { KubeConfig } from '@kubernetes/client-node';

const nodeModule = process.getBuiltinModule('node:module');

/**
 * loadKubeConfigClass returns client-node's `KubeConfig` class, loading client-node on the first call:
 * it costs tens of megabytes of resident memory that an operator using the runtime's own configuration
 * loader never pays.
 *
 * The load must work unbundled and in a generated project's esbuild bundle, which runs with no
 * node_modules next to it. Bundlers include a module only for a literal `require('x')` (evaluated on this
 * call, not at start) and make `typeof require` true; Node's ES modules have no `require`, so unbundled
 * code resolves the same module from here (a synchronous require of an ES module, Node >= 22.12).
 * `createRequire` comes from `process.getBuiltinModule` rather than an import so that no top-level
 * `createRequire` binding lands in a bundle, where it would clash with the banner that defines `require`.
 *
 * The module is client-node's `dist/config.js`, which defines `KubeConfig` (the package index re-exports
 * it): a bundle keeps its export list whole, and the index's is all of client-node (about 19 MB of code
 * that V8 parses at start even when never run); config.js's is about 3 MB. client-node is pinned exactly,
 * and client-node.test.ts checks that this is the class the index exports.
 */
export function loadKubeConfigClass(): typeof KubeConfig {
  const config = (
    typeof require === 'function'
      ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS build has require, the ESM one createRequire
        require('@kubernetes/client-node/dist/config.js')
      : nodeModule.createRequire(import.meta.url)('@kubernetes/client-node/dist/config.js')
  ) as { KubeConfig: typeof KubeConfig };
  return config.KubeConfig;
}
