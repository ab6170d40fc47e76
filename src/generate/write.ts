import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** writeOutputs writes files under root, skipping those whose content is unchanged; returns what was written. */
export function writeOutputs(root: string, files: ReadonlyMap<string, string>): { written: string[]; unchanged: string[] } {
  const written: string[] = [];
  const unchanged: string[] = [];
  for (const [path, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const abs = resolve(root, path);
    if (existsSync(abs) && readFileSync(abs, 'utf8') === content) {
      unchanged.push(path);
      continue;
    }
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
    written.push(path);
  }
  return { written, unchanged };
}
