import { globSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/** toPosix writes a path with `/` separators, as generated files name each other and as reports show paths. */
export function toPosix(p: string): string {
  return p.split(sep).join('/');
}

/** findInputFiles expands the path globs under root, skipping declaration files and node_modules. */
export function findInputFiles(root: string, paths: readonly string[]): string[] {
  const out = new Set<string>();
  for (const pattern of paths) {
    for (const f of globSync(pattern, { cwd: root })) {
      const rel = toPosix(f);
      if (rel.includes('node_modules/') || rel.endsWith('.d.ts') || !rel.endsWith('.ts')) continue;
      out.add(resolve(root, f));
    }
  }
  return [...out].sort();
}
