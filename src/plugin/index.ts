/** The plugin contract: define plugins and bundles, resolve chains, run hooks. */
export * from './types.js';
export { definePlugin, defineBundle } from './define.js';
export { findPlugin, resolveChain, canonicalKeys } from './resolve.js';
export { runHook, commandLabel, type Hook } from './run.js';
export { runCommand, CommandFailure, type RunCommandOptions } from './child-process.js';
