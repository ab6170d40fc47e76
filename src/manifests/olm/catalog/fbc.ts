import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { isDirectory } from '../fs/tree.js';
import { isObj, type Obj } from '../model/objects.js';
import { listYamlFiles } from '../model/yaml-input.js';

/** Blob is one FBC object (olm.package, olm.channel, olm.bundle, olm.deprecations or unknown) and its file. */
export interface Blob {
  obj: Obj;
  file: string;
}

/** ChannelEntry is one `olm.channel` entry: an upgrade edge set pointing at a bundle. */
export interface ChannelEntry {
  name: string;
  replaces?: string;
  skips?: string[];
  skipRange?: string;
}

/** CatalogContent is every blob of a catalog directory plus files that could not be parsed. */
export interface CatalogContent {
  blobs: Blob[];
  unreadable: { file: string; message: string }[];
}

/** schemaOf returns a blob's schema ('' when absent); keys are matched case-insensitively like opm. */
export function schemaOf(obj: Obj): string {
  return String(field(obj, 'schema') ?? '');
}

/** field reads a top-level key case-insensitively, as opm does for schema, package and name. */
export function field(obj: Obj, key: string): unknown {
  if (key in obj) return obj[key];
  const found = Object.keys(obj).find((k) => k.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : obj[found];
}

/**
 * parseBlobs parses a YAML or JSON stream of FBC blobs (JSON files may hold several concatenated objects,
 * which are valid YAML documents only when separated; opm writes one object per line or `---`).
 */
export function parseBlobs(text: string, file: string): Blob[] | string {
  const out: Blob[] = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) return doc.errors[0]?.message.split('\n')[0] ?? 'invalid YAML';
    const value: unknown = doc.toJS();
    if (value === null || value === undefined) continue;
    if (!isObj(value)) return 'not a mapping';
    out.push({ obj: value, file });
  }
  return out;
}

/** readCatalog reads every YAML/JSON file below dir (like `opm validate`, whatever the file name). */
export async function readCatalog(dir: string): Promise<CatalogContent> {
  const content: CatalogContent = { blobs: [], unreadable: [] };
  if (!(await isDirectory(dir))) return content;
  for (const file of await listYamlFiles(dir)) {
    if (file.split(/[\\/]/).some((part) => part.startsWith('.'))) continue;
    const parsed = parseBlobs(await readFile(join(dir, file), 'utf8'), file);
    if (typeof parsed === 'string') content.unreadable.push({ file, message: parsed });
    else content.blobs.push(...parsed);
  }
  return content;
}

/** OPM_IMAGE is the opm image the catalog Dockerfile serves the catalog with (pinned for reproducible builds). */
export const OPM_IMAGE = 'quay.io/operator-framework/opm:v1.59.0';

/**
 * catalogDockerfile renders the Dockerfile `opm generate dockerfile` writes: a builder stage pre-computes
 * the serve cache, the final image runs `opm serve /configs` and carries the FBC location label.
 * catalogDirInContext is the catalog directory relative to the build context.
 */
export function catalogDockerfile(catalogDirInContext: string, opmImage: string = OPM_IMAGE): string {
  return [
    '# The builder image is expected to contain /bin/opm (with the serve subcommand).',
    `FROM ${opmImage} AS builder`,
    '',
    '# Copy the FBC root into the image at /configs and pre-populate the serve cache.',
    `ADD ${catalogDirInContext} /configs`,
    'RUN ["/bin/opm", "serve", "/configs", "--cache-dir=/tmp/cache", "--cache-only"]',
    '',
    '# The base image is expected to contain /bin/opm (with the serve subcommand) and /bin/grpc_health_probe.',
    `FROM ${opmImage}`,
    '',
    'ENTRYPOINT ["/bin/opm"]',
    'CMD ["serve", "/configs", "--cache-dir=/tmp/cache"]',
    '',
    'COPY --from=builder /configs /configs',
    'COPY --from=builder /tmp/cache /tmp/cache',
    '',
    '# Location of the FBC root directory in the image.',
    'LABEL operators.operatorframework.io.index.configs.v1=/configs',
    '',
  ].join('\n');
}
