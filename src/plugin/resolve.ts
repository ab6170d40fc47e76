import { UserError } from '../errors/user-error.js';
import type { Bundle, Plugin } from './types.js';

/**
 * findPlugin resolves one key. A full key matches exactly; a short key `typescript/v1` matches a plugin
 * or bundle whose name starts with `typescript` and whose version is `v1`. Exactly one match is required.
 */
export function findPlugin(key: string, available: readonly (Plugin | Bundle)[]): Plugin | Bundle {
  const exact = available.find((p) => p.key === key);
  if (exact !== undefined) return exact;
  const slash = key.lastIndexOf('/');
  const name = slash < 0 ? key : key.slice(0, slash);
  const version = slash < 0 ? undefined : key.slice(slash + 1);
  const matches = available.filter((p) => p.name.startsWith(name) && (version === undefined || p.version === version));
  const known = available.map((p) => p.key).join(', ');
  if (matches.length === 0) throw new UserError(`no plugin matches "${key}"`, { hint: `use one of: ${known}` });
  if (matches.length > 1)
    throw new UserError(`plugin key "${key}" is ambiguous: it matches ${matches.map((m) => m.key).join(', ')}`, { hint: 'use the full key' });
  return matches[0]!;
}

/** resolveChain resolves keys in order and flattens bundles; a plugin named twice runs once. */
export function resolveChain(keys: readonly string[], available: readonly (Plugin | Bundle)[]): Plugin[] {
  const out: Plugin[] = [];
  for (const key of keys) {
    const found = findPlugin(key, available);
    for (const p of found.type === 'bundle' ? found.plugins : [found]) if (!out.some((o) => o.key === p.key)) out.push(p);
  }
  return out;
}

/** canonicalKeys maps (possibly short) keys to the full keys recorded in the project file. */
export function canonicalKeys(keys: readonly string[], available: readonly (Plugin | Bundle)[]): string[] {
  return [...new Set(keys.map((k) => findPlugin(k, available).key))];
}
