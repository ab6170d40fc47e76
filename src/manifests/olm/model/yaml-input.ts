import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { LineCounter, parseAllDocuments } from 'yaml';
import { UserError } from '../../../errors/user-error.js';
import { isObj, type Obj } from './objects.js';

/** ParsedDocument is one YAML document with the file and line it came from. */
export interface ParsedDocument {
  obj: Obj;
  source: string;
  line: number;
}

/**
 * parseManifestStream parses a multi-document YAML (or JSON) stream. Empty documents and `List` wrappers
 * are flattened away, as kubectl does. A syntax error is a UserError naming source:line.
 */
export function parseManifestStream(text: string, source: string): ParsedDocument[] {
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, { lineCounter, uniqueKeys: false });
  const out: ParsedDocument[] = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const line = lineCounter.linePos(doc.range?.[0] ?? 0).line;
    const firstError = doc.errors[0];
    if (firstError !== undefined) {
      const at = lineCounter.linePos(firstError.pos[0]).line;
      throw new UserError(`${source}:${at}: invalid YAML: ${firstError.message.split('\n')[0] ?? ''}`, {
        hint: 'fix the YAML syntax (kubectl kustomize output is always valid; check hand-written files)',
      });
    }
    const value: unknown = doc.toJS({ maxAliasCount: 10_000 });
    if (value === null || value === undefined) continue;
    if (!isObj(value)) {
      throw new UserError(
        `${source}:${line}: expected a Kubernetes object, found ${Array.isArray(value) ? 'a list' : typeof value}`,
        {
          hint: 'every YAML document must be a mapping with apiVersion and kind',
        },
      );
    }
    if (typeof value.kind === 'string' && value.kind.endsWith('List') && Array.isArray(value.items)) {
      for (const item of value.items) if (isObj(item)) out.push({ obj: item, source, line });
      continue;
    }
    out.push({ obj: value, source, line });
  }
  return out;
}

/** listYamlFiles lists the .yaml/.yml/.json files below dir recursively, sorted, as paths relative to dir. */
export async function listYamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(ya?ml|json)$/i.test(e.name))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** readManifestDir parses every YAML/JSON file below dir (sorted by path) into documents. */
export async function readManifestDir(dir: string): Promise<ParsedDocument[]> {
  const out: ParsedDocument[] = [];
  for (const file of await listYamlFiles(dir)) {
    const path = join(dir, file);
    out.push(...parseManifestStream(await readFile(path, 'utf8'), path));
  }
  return out;
}
