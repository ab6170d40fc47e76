import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { yamlLibrary } from '../machinery/yaml.js';

/** ProjectSettings are the PROJECT file fields `generate` uses. */
export interface ProjectSettings {
  domain?: string;
  multigroup: boolean;
}

/** readProjectSettings reads `<root>/PROJECT` when present (kubebuilder's project config), else undefined. */
export function readProjectSettings(root: string): ProjectSettings | undefined {
  const path = join(root, 'PROJECT');
  if (!existsSync(path)) return undefined;
  // Loaded here, not imported: generate only reads PROJECT to explain an empty --paths.
  const doc = yamlLibrary().parse(readFileSync(path, 'utf8')) as Record<string, unknown> | null;
  const out: ProjectSettings = { multigroup: doc?.multigroup === true };
  if (typeof doc?.domain === 'string') out.domain = doc.domain;
  return out;
}

