import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * packageRoot finds the operator-ts package folder by walking up from this module, so that the same
 * code works from `src/` (tests) and from `dist/src/` (the published CLI).
 */
export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'operator-ts') {
      cached = dir;
      return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('operator-ts package root not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** templatesRoot is the `templates/` folder holding every plugin's Handlebars bodies. */
export function templatesRoot(): string {
  return join(packageRoot(), 'templates');
}

/** cliVersion is the version of the running operator-ts package (from its package.json). */
export function cliVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
