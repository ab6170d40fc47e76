import { readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { extname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { UserError } from '../errors/user-error.js';

/** ManifestObject is one Kubernetes object read from a file, with where it came from for messages. */
export interface ManifestObject {
  object: Record<string, unknown>;
  /** `path` or `path#<document index>` for multi-document files. */
  source: string;
}

/** ReadManifestsOptions tune {@link readManifestObjects}. */
export interface ReadManifestsOptions {
  /** Throw when a path does not exist (envtest's ErrorIfPathMissing); otherwise it is skipped. */
  errorIfPathMissing: boolean;
  /** What the paths hold, for messages: "CRD", "webhook". */
  what: string;
}

const MANIFEST_EXTENSIONS = new Set(['.json', '.yaml', '.yml']);

/**
 * readManifestObjects reads every object from the given files and directories the way envtest does: a
 * directory contributes its `.json`, `.yaml` and `.yml` files (not recursively, in name order), YAML files may
 * hold several documents, and `kind: List` objects are flattened into their items.
 */
export function readManifestObjects(paths: readonly string[], options: ReadManifestsOptions): ManifestObject[] {
  const objects: ManifestObject[] = [];
  for (const path of paths) {
    let stats: Stats;
    try {
      stats = statSync(path);
    } catch {
      if (options.errorIfPathMissing) {
        throw new UserError(`${options.what} path ${path} does not exist`, {
          hint: `fix the path (relative paths resolve against ${process.cwd()}) or run the generator that writes it (npm run manifests)${options.what === 'CRD' ? ', or set errorIfCRDPathMissing: false' : ''}`,
        });
      }
      continue;
    }
    const files = stats.isDirectory()
      ? readdirSync(path, { withFileTypes: true })
          .filter((e) => e.isFile() && MANIFEST_EXTENSIONS.has(extname(e.name).toLowerCase()))
          .map((e) => join(path, e.name))
          .sort()
      : [path];
    for (const file of files) objects.push(...parseManifestText(readFileSync(file, 'utf8'), file));
  }
  return objects;
}

/** parseManifestText parses one JSON or (multi-document) YAML text into objects; errors name file:line. */
export function parseManifestText(text: string, file: string): ManifestObject[] {
  const docs = parseAllDocuments(text, { prettyErrors: true });
  const list = Array.isArray(docs) ? docs : [docs];
  const objects: ManifestObject[] = [];
  list.forEach((doc, index) => {
    const error = doc.errors[0];
    if (error !== undefined) {
      const line = error.linePos?.[0]?.line;
      throw new UserError(
        `${file}${line === undefined ? '' : `:${line}`}: invalid YAML: ${error.message.split('\n')[0] ?? ''}`,
        {
          hint: 'fix the file so that it is valid YAML or JSON',
        },
      );
    }
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) return;
    const source = list.length > 1 ? `${file}#${index}` : file;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw new UserError(
        `${source}: expected a Kubernetes object, found ${Array.isArray(value) ? 'a list' : typeof value}`,
        {
          hint: 'each document must be a mapping with apiVersion and kind',
        },
      );
    }
    const object = value as Record<string, unknown>;
    if (object.kind === 'List' && Array.isArray(object.items)) {
      for (const item of object.items as unknown[]) {
        if (item !== null && typeof item === 'object' && !Array.isArray(item))
          objects.push({ object: item as Record<string, unknown>, source });
      }
      return;
    }
    objects.push({ object, source });
  });
  return objects;
}
