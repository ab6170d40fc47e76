import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * toolVersion is operator-ts's package version, written into generated CRDs as controller-gen writes its
 * own. The nearest package.json named operator-ts above this module is read (works from src/ and dist/).
 */
export function toolVersion(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const p = join(dir, 'package.json');
    if (existsSync(p)) {
      const pkg = JSON.parse(readFileSync(p, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'operator-ts') return (cached = pkg.version ?? '0.0.0');
    }
    const up = dirname(dir);
    if (up === dir) return (cached = '0.0.0');
    dir = up;
  }
}
