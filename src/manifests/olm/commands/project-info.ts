import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parse } from 'yaml';
import { UserError } from '../../../errors/user-error.js';
import { isObj } from '../model/objects.js';
import { isDns1123Label } from '../model/names.js';

/** ProjectInfo is what the OLM commands take from the PROJECT file. */
export interface ProjectInfo {
  projectName: string | undefined;
  /** The plugin chain, comma-joined (`operators.operatorframework.io.metrics.project_layout`); 'unknown' without PROJECT. */
  layout: string;
}

/** readProjectInfo reads projectName and layout from `<dir>/PROJECT`, tolerating its absence. */
export async function readProjectInfo(dir: string): Promise<ProjectInfo> {
  let text: string;
  try {
    text = await readFile(join(dir, 'PROJECT'), 'utf8');
  } catch {
    return { projectName: undefined, layout: 'unknown' };
  }
  const doc: unknown = parse(text);
  if (!isObj(doc)) return { projectName: undefined, layout: 'unknown' };
  const layout = Array.isArray(doc.layout) ? doc.layout.map(String).join(',') : typeof doc.layout === 'string' ? doc.layout : 'unknown';
  return { projectName: typeof doc.projectName === 'string' ? doc.projectName : undefined, layout };
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
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
