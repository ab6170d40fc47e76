import { readProjectFile } from '../model/project-reader.js';

/** ProjectSettings are the PROJECT file fields `generate` uses. */
export interface ProjectSettings {
  domain: string;
  multigroup: boolean;
}

/**
 * readProjectSettings reads `<root>/PROJECT` when present, through the one PROJECT reader (so a broken
 * file is a located error here too), else undefined. generate reads it only to explain an empty --paths.
 */
export function readProjectSettings(root: string): ProjectSettings | undefined {
  const project = readProjectFile(root)?.config;
  return project === undefined ? undefined : { domain: project.domain, multigroup: project.multigroup };
}
