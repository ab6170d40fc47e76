import { defineBundle } from '../src/index.js';
import { kustomizePlugin } from './kustomize/index.js';
import { typescriptPlugin } from './typescript/index.js';

/** builtinPlugins are the plugins shipped with operator-ts. */
export const builtinPlugins = [typescriptPlugin, kustomizePlugin] as const;

/**
 * defaultBundle (`operator-ts.dev/v1`) is the chain of a project created without --plugins: the
 * TypeScript code first, then the kustomize tree (which inserts into files the first one declared).
 */
export const defaultBundle = defineBundle({
  name: 'operator-ts.dev',
  version: 'v1',
  description: 'Default scaffold (typescript/v1 + kustomize/v2)',
  plugins: [typescriptPlugin, kustomizePlugin],
});
