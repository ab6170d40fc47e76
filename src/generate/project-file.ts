import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** ProjectSettings are the PROJECT file fields `generate` uses. */
export interface ProjectSettings {
  domain?: string;
  multigroup: boolean;
}

/** readProjectSettings reads `<root>/PROJECT` when present (kubebuilder's project config), else undefined. */
export function readProjectSettings(root: string): ProjectSettings | undefined {
  const path = join(root, 'PROJECT');
  if (!existsSync(path)) return undefined;
  // Required here, not imported: generate only reads PROJECT to explain an empty --paths.
  const { parse } = createRequire(import.meta.url)('yaml') as typeof import('yaml');
  const doc = parse(readFileSync(path, 'utf8')) as Record<string, unknown> | null;
  const out: ProjectSettings = { multigroup: doc?.multigroup === true };
  if (typeof doc?.domain === 'string') out.domain = doc.domain;
  return out;
}

