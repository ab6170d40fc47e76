import { isUserError, UserError } from '../errors/user-error.js';
import type { ProjectFile } from '../model/project-reader.js';
import { findPlugin, resolveKeys } from '../plugin/resolve.js';
import type { Bundle, Plugin } from '../plugin/types.js';

/** PluginCatalog is what a chain is resolved against: the known plugins and bundles, and the default layout. */
export interface PluginCatalog {
  readonly plugins: readonly (Plugin | Bundle)[];
  /** The chain of a project created without --plugins. */
  readonly defaultLayout: readonly string[];
}

/** RunChain is the plugin chain of one command, resolved once. */
export interface RunChain {
  /** The plugins, in the order their hooks run. */
  readonly plugins: readonly Plugin[];
  /** The full keys of the chain: what init records as PROJECT's layout, and edit --plugins records. */
  readonly layout: readonly string[];
  /** Whether `--plugins` picked the chain (else PROJECT's layout or the default did). */
  readonly fromFlag: boolean;
}

/** pluginsFlag finds a `--plugins` value in raw argv before commander parses, so the command tree can depend on it. */
export function pluginsFlag(argv: readonly string[]): string[] | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const value = a.startsWith('--plugins=')
      ? a.slice('--plugins='.length)
      : a === '--plugins'
        ? argv[i + 1]
        : undefined;
    if (value !== undefined)
      return value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v.length > 0);
  }
  return undefined;
}

/** checkLayout reports an unknown key of PROJECT's layout at its line, with the way around it. */
function checkLayout(file: ProjectFile, catalog: PluginCatalog): void {
  file.config.layout.forEach((key, i) => {
    try {
      findPlugin(key, catalog.plugins);
    } catch (err) {
      if (!isUserError(err)) throw err;
      throw new UserError(`${file.locate(['layout', i])}: ${err.message} (the layout recorded in ${file.file})`, {
        hint: `${err.hint ?? ''}; or run the command with --plugins to pick the chain`,
        cause: err,
      });
    }
  });
}

/**
 * resolveRunChain picks and resolves the chain of a command: `--plugins` if given (edit adds them to the
 * recorded chain), else the project's layout, else the catalog's default. `project` is the PROJECT the
 * command runs in (init runs in none); an unknown key of its layout is reported at its line.
 */
export function resolveRunChain(
  catalog: PluginCatalog,
  command: string | undefined,
  project: ProjectFile | undefined,
  flag: readonly string[] | undefined,
): RunChain {
  const layout = project?.config.layout ?? [];
  const recorded = layout.length > 0 ? layout : catalog.defaultLayout;
  if (project !== undefined && flag === undefined) checkLayout(project, catalog);
  const keys = flag === undefined || flag.length === 0 ? recorded : command === 'edit' ? [...recorded, ...flag] : flag;
  const resolved = resolveKeys(keys, catalog.plugins);
  return { plugins: resolved.plugins, layout: resolved.keys, fromFlag: flag !== undefined };
}
