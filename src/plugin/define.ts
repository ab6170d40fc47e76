import type { Bundle, Plugin, PluginInit } from './types.js';

const VERSION = /^v[0-9]+(-(alpha|beta))?$/;

/** definePlugin checks a plugin's name and version and gives it its key. */
export function definePlugin(init: PluginInit): Plugin {
  if (!/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(init.name))
    throw new Error(`plugin name "${init.name}" must be DNS-like`);
  if (!VERSION.test(init.version))
    throw new Error(`plugin ${init.name}: version "${init.version}" must look like v1 or v1-alpha`);
  return {
    ...init,
    type: 'plugin',
    key: `${init.name}/${init.version}`,
    supportedProjectVersions: init.supportedProjectVersions ?? ['3'],
  };
}

/** defineBundle groups plugins (and flattens nested bundles) under one key. */
export function defineBundle(init: {
  name: string;
  version: string;
  description: string;
  plugins: readonly (Plugin | Bundle)[];
}): Bundle {
  const plugins = init.plugins.flatMap((p) => (p.type === 'bundle' ? p.plugins : [p]));
  const shared = plugins.reduce<readonly string[] | undefined>(
    (acc, p) =>
      acc === undefined ? p.supportedProjectVersions : acc.filter((v) => p.supportedProjectVersions.includes(v)),
    undefined,
  );
  if (shared !== undefined && shared.length === 0)
    throw new Error(`bundle ${init.name}: its plugins share no project version`);
  return {
    type: 'bundle',
    name: init.name,
    version: init.version,
    key: `${init.name}/${init.version}`,
    description: init.description,
    plugins,
  };
}
