import { builtinPlugins, defaultBundle } from '../../plugins/default.js';
import type { PluginCatalog } from './chain.js';

/**
 * builtinCatalog is every plugin and bundle the CLI knows, and the chain of a project created without
 * --plugins. Only the scaffolding commands load it: `generate` runs on every build and needs no plugin.
 */
export function builtinCatalog(): PluginCatalog {
  return { plugins: [defaultBundle, ...builtinPlugins], defaultLayout: [defaultBundle.key] };
}
