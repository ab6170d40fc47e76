import { UserError } from '../errors/user-error.js';
import type { Bundle, Plugin } from './types.js';

/**
 * findPlugin resolves one key. A full key matches exactly; a short key `typescript/v1` matches a plugin
 * or bundle whose name starts with the whole label `typescript` (`typescript.operator-ts.dev`, never
 * `typescript-extra.dev`) and whose version is `v1`, as kubebuilder's short plugin names are the first
 * label of the name. Exactly one match is required.
 */
export function findPlugin(key: string, available: readonly (Plugin | Bundle)[]): Plugin | Bundle {
  const exact = available.find((p) => p.key === key);
  if (exact !== undefined) return exact;
  const slash = key.lastIndexOf('/');
  const name = slash < 0 ? key : key.slice(0, slash);
  const version = slash < 0 ? undefined : key.slice(slash + 1);
  const matches = available.filter(
    (p) => (p.name === name || p.name.startsWith(`${name}.`)) && (version === undefined || p.version === version),
  );
  const known = available.map((p) => p.key).join(', ');
  if (matches.length === 0) throw new UserError(`no plugin matches "${key}"`, { hint: `use one of: ${known}` });
  if (matches.length > 1)
    throw new UserError(`plugin key "${key}" is ambiguous: it matches ${matches.map((m) => m.key).join(', ')}`, {
      hint: 'use the full key',
    });
  return matches[0]!;
}

/** ResolvedKeys are the plugins a key list runs, in order, and the full keys to record for it. */
export interface ResolvedKeys {
  /** The plugins, bundles flattened; a plugin named twice runs once. */
  readonly plugins: Plugin[];
  /** The full key of each entry (a bundle stays one key), without repeats: what PROJECT's layout records. */
  readonly keys: string[];
}

/** resolveKeys resolves a key list once, into the chain it runs and the layout that records it. */
export function resolveKeys(keys: readonly string[], available: readonly (Plugin | Bundle)[]): ResolvedKeys {
  const plugins: Plugin[] = [];
  const full: string[] = [];
  for (const key of keys) {
    const found = findPlugin(key, available);
    if (!full.includes(found.key)) full.push(found.key);
    for (const p of found.type === 'bundle' ? found.plugins : [found])
      if (!plugins.some((o) => o.key === p.key)) plugins.push(p);
  }
  return { plugins, keys: full };
}

/** resolveChain resolves keys in order and flattens bundles; a plugin named twice runs once. */
export function resolveChain(keys: readonly string[], available: readonly (Plugin | Bundle)[]): Plugin[] {
  return resolveKeys(keys, available).plugins;
}

/** canonicalKeys maps (possibly short) keys to the full keys recorded in the project file. */
export function canonicalKeys(keys: readonly string[], available: readonly (Plugin | Bundle)[]): string[] {
  return resolveKeys(keys, available).keys;
}
