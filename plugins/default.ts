import { defineBundle } from '../src/index.js';
import { grafanaPlugin } from './grafana/index.js';
import { helmPlugin } from './helm/index.js';
import { istioPlugin } from './istio/index.js';
import { helmHybridPlugin } from './helm-hybrid/index.js';
import { kustomizePlugin } from './kustomize/index.js';
import { olmPlugin } from './olm/index.js';
import { typescriptPlugin } from './typescript/index.js';

/** builtinPlugins are the plugins shipped with operator-ts. */
export const builtinPlugins = [
  typescriptPlugin,
  kustomizePlugin,
  olmPlugin,
  helmPlugin,
  istioPlugin,
  helmHybridPlugin,
  grafanaPlugin,
] as const;

/**
 * defaultBundle (`operator-ts.dev/v1`) is the chain of a project created without --plugins: the
 * TypeScript code first, then the kustomize tree (which inserts into files the first one declared), then
 * OLM packaging (which extends both: Makefile targets, package.json script, config/manifests over
 * config/default and config/samples).
 */
export const defaultBundle = defineBundle({
  name: 'operator-ts.dev',
  version: 'v1',
  description: 'Default scaffold (typescript/v1 + kustomize/v2 + olm/v1)',
  plugins: [typescriptPlugin, kustomizePlugin, olmPlugin],
});
