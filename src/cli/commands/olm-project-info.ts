import { basename } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import { isDns1123Label } from '../../manifests/olm/model/names.js';
import type { ProjectFile } from '../../model/project-reader.js';

/** ProjectInfo is what the OLM commands take from the PROJECT file. */
export interface ProjectInfo {
  projectName: string | undefined;
  /** The plugin chain, comma-joined (`operators.operatorframework.io.metrics.project_layout`); 'unknown' without PROJECT. */
  layout: string;
}

/** projectInfo takes projectName and layout from the PROJECT the command runs in, if there is one. */
export function projectInfo(file: ProjectFile | undefined): ProjectInfo {
  const project = file?.config;
  if (project === undefined) return { projectName: undefined, layout: 'unknown' };
  return { projectName: project.projectName, layout: project.layout.join(',') };
}

/**
 * resolvePackageName picks the package: --package, else PROJECT projectName, else the directory name,
 * which must then be a DNS-1123 label (as operator-sdk requires).
 */
export function resolvePackageName(flag: string | undefined, info: ProjectInfo, dir: string): string {
  const name = flag ?? info.projectName ?? basename(dir);
  if (!isDns1123Label(name)) {
    throw new UserError(`package name "${name}" is not a DNS-1123 label`, {
      hint: 'pass --package <name> (lowercase letters, digits and "-", at most 63 characters)',
    });
  }
  return name;
}

/** splitList splits a comma-separated flag value, dropping blanks. */
export function splitList(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
