import type { Change } from '../machinery/tree.js';

/** formatChanges renders the change list, one `KIND path` line each. */
export function formatChanges(changes: readonly Change[]): string {
  return changes.map((c) => `${c.kind.padEnd(6)} ${c.path}\n`).join('');
}
