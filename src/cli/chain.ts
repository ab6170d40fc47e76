import { builtinPlugins, defaultBundle } from '../../plugins/default.js';
import type { ProjectConfig } from '../model/project.js';
import type { Bundle, Plugin } from '../plugin/types.js';

/** availablePlugins is every plugin and bundle the CLI knows. */
export function availablePlugins(): readonly (Plugin | Bundle)[] {
  return [defaultBundle, ...builtinPlugins];
}

/** DEFAULT_LAYOUT is the chain of a project created without --plugins. */
export const DEFAULT_LAYOUT: readonly string[] = [defaultBundle.key];

/** pluginsFlag finds a `--plugins` value in raw argv before commander parses, so the command tree can depend on it. */
export function pluginsFlag(argv: readonly string[]): string[] | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const value = a.startsWith('--plugins=') ? a.slice('--plugins='.length) : a === '--plugins' ? argv[i + 1] : undefined;
    if (value !== undefined) return value.split(',').map((v) => v.trim()).filter((v) => v.length > 0);
  }
  return undefined;
}

/**
 * chainKeys picks the plugin keys of a run: `--plugins` if given (edit adds them to the recorded chain),
 * else the project's layout, else the default bundle.
 */
export function chainKeys(project: ProjectConfig | undefined, flag: readonly string[] | undefined, command?: string): string[] {
  const recorded = project !== undefined && project.layout.length > 0 ? project.layout : DEFAULT_LAYOUT;
  if (flag === undefined || flag.length === 0) return [...recorded];
  return command === 'edit' ? [...recorded, ...flag] : [...flag];
}
