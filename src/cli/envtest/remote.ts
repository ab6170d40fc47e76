import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parse } from 'yaml';
import { UserError } from '../../errors/user-error.js';
import {
  compareVersions,
  matches,
  parseArchiveName,
  type Platform,
  type Version,
  type VersionSelector,
} from './versions.js';

/** DEFAULT_INDEX is setup-envtest's release index: controller-tools' envtest-releases.yaml. */
export const DEFAULT_INDEX =
  'https://raw.githubusercontent.com/kubernetes-sigs/controller-tools/HEAD/envtest-releases.yaml';

/** Archive is one downloadable release of the index: its name, sha512 (hex) and absolute URL. */
export interface Archive {
  readonly name: string;
  readonly version: Version;
  readonly platform: Platform;
  readonly sha512: string;
  readonly url: string;
}

/**
 * parseIndex reads envtest-releases.yaml (`releases: {v<X.Y.Z>: {<archive name>: {hash, selfLink}}}`) into its
 * archives; names that are not `envtest-v<X.Y.Z>-<os>-<arch>.tar.gz` are skipped, as setup-envtest skips them.
 * A relative selfLink is taken relative to the index.
 */
export function parseIndex(text: string, indexUrl: string): Archive[] {
  let doc: unknown;
  try {
    // Every scalar as a string: a hex hash of digits only must not turn into a number.
    doc = parse(text, { schema: 'failsafe' });
  } catch (err) {
    throw new UserError(`the envtest release index ${indexUrl} is not YAML: ${(err as Error).message.split('\n')[0]}`, {
      hint: 'check --index: it must name an envtest-releases.yaml like controller-tools publishes',
    });
  }
  const releases = (doc as { releases?: unknown } | null)?.releases;
  if (releases === null || typeof releases !== 'object')
    throw new UserError(`the envtest release index ${indexUrl} has no releases map`, {
      hint: 'check --index: it must name an envtest-releases.yaml like controller-tools publishes',
    });
  const archives: Archive[] = [];
  for (const release of Object.values(releases as Record<string, unknown>)) {
    if (release === null || typeof release !== 'object') continue;
    for (const [name, entry] of Object.entries(release as Record<string, { hash?: unknown; selfLink?: unknown }>)) {
      const parsed = parseArchiveName(name);
      if (parsed === undefined || typeof entry?.hash !== 'string' || typeof entry.selfLink !== 'string') continue;
      archives.push({ name, ...parsed, sha512: entry.hash.toLowerCase(), url: new URL(entry.selfLink, indexUrl).href });
    }
  }
  return archives;
}

/** pickArchive returns the newest archive of the platform that the selector accepts. */
export function pickArchive(
  archives: readonly Archive[],
  sel: VersionSelector,
  platform: Platform,
): Archive | undefined {
  return archives
    .filter((a) => a.platform.os === platform.os && a.platform.arch === platform.arch && matches(sel, a.version))
    .sort((a, b) => compareVersions(b.version, a.version))[0];
}

async function get(url: string, what: string, signal?: AbortSignal): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { signal });
  } catch (err) {
    if (signal?.aborted === true) throw signal.reason;
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw new UserError(`cannot download ${what} from ${url}: ${cause}`, {
      hint: 'check the network, or pass --index <url> of a reachable mirror of envtest-releases.yaml',
    });
  }
  if (!res.ok || res.body === null)
    throw new UserError(`cannot download ${what} from ${url}: HTTP ${res.status} ${res.statusText}`, {
      hint: 'check the URL (--index), or try again later',
    });
  return res;
}

/** fetchIndex downloads and parses the release index. */
export async function fetchIndex(indexUrl: string, signal?: AbortSignal): Promise<Archive[]> {
  const res = await get(indexUrl, 'the envtest release index', signal);
  return parseIndex(await res.text(), indexUrl);
}

/**
 * downloadArchive streams an archive to `file`, hashing it on the way, and fails with a user error when the
 * sha512 differs from the index's (the caller then discards the file: nothing reaches the store).
 */
export async function downloadArchive(archive: Archive, file: string, signal?: AbortSignal): Promise<void> {
  const res = await get(archive.url, archive.name, signal);
  const hash = createHash('sha512');
  const out = createWriteStream(file);
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  const sum = hash.digest('hex');
  if (sum !== archive.sha512)
    throw new UserError(
      `checksum mismatch for ${archive.name}: sha512 ${sum} (downloaded) != ${archive.sha512} (index)`,
      {
        hint: `the download from ${archive.url} is not the archive the index describes; nothing was installed. Try again, or check --index`,
      },
    );
}
