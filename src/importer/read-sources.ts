import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { UserError } from '../errors/user-error.js';
import type { SourceText } from './source-documents.js';

const EXTENSIONS = /\.(ya?ml|json)$/;

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else if (EXTENSIONS.test(name)) out.push(p);
  }
  return out;
}

/**
 * readSources reads the files named on the command line (folders: every .yaml, .yml and .json file in
 * them, sorted), and standard input for `-`. Names in diagnostics are relative to cwd.
 */
export function readSources(cwd: string, args: readonly string[], stdin: () => string): SourceText[] {
  const out: SourceText[] = [];
  for (const arg of args) {
    if (arg === '-') {
      out.push({ file: '<stdin>', text: stdin() });
      continue;
    }
    const abs = resolve(cwd, arg);
    if (!existsSync(abs))
      throw new UserError(`${arg} does not exist`, {
        hint: 'name a CRD file (YAML or JSON), a folder of them, or - for standard input',
      });
    const files = statSync(abs).isDirectory() ? filesUnder(abs) : [abs];
    if (files.length === 0)
      throw new UserError(`folder ${arg} holds no .yaml, .yml or .json file`, {
        hint: 'point at the folder that holds the CRD files',
      });
    for (const f of files) out.push({ file: relative(cwd, f) || f, text: readFileSync(f, 'utf8') });
  }
  return out;
}
