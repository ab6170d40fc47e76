import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import { DEFAULT_INDEX, downloadArchive, fetchIndex, pickArchive } from './remote.js';
import { listInstalled, stage } from './store.js';
import { extractTarGz } from './tar.js';
import { formatSelector, formatVersion, type Platform, type Version, type VersionSelector } from './versions.js';

/** UseOptions are the inputs of `envtest use`. */
export interface UseOptions {
  readonly selector: VersionSelector;
  readonly platform: Platform;
  /** The store root (setup-envtest's --bin-dir); entries live in `<root>/k8s`. */
  readonly root: string;
  /** Only look at what is installed; never download. */
  readonly installedOnly: boolean;
  readonly indexUrl?: string;
  /** Progress lines (stderr). */
  readonly log: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** UseResult is the release `envtest use` settled on and the folder holding its binaries. */
export interface UseResult {
  readonly version: Version;
  readonly platform: Platform;
  readonly path: string;
  /** Whether this run downloaded it. */
  readonly downloaded: boolean;
}

/**
 * useEnvtest is setup-envtest's `use`: an installed release the selector accepts wins (the newest), unless
 * none is installed; then the newest matching release of the index is downloaded, checked against the
 * index's sha512, and unpacked into the store. With installedOnly, a missing release is an error.
 */
export async function useEnvtest(options: UseOptions): Promise<UseResult> {
  const { selector, platform, root, log, signal } = options;
  const platformName = `${platform.os}/${platform.arch}`;
  const installed = listInstalled(root, selector, platform)[0];
  if (installed !== undefined) return { version: installed.version, platform, path: installed.path, downloaded: false };
  if (options.installedOnly)
    throw new UserError(
      `no envtest binaries for ${formatSelector(selector)} (${platformName}) are installed in ${join(root, 'k8s')}`,
      {
        hint: `drop -i to download them: \`operator-ts envtest use${selector.major === undefined ? '' : ` ${formatSelector(selector)}`}\``,
      },
    );

  const indexUrl = options.indexUrl ?? DEFAULT_INDEX;
  const archive = pickArchive(await fetchIndex(indexUrl, signal), selector, platform);
  if (archive === undefined)
    throw new UserError(
      `the envtest release index ${indexUrl} has no archive for ${formatSelector(selector)} (${platformName})`,
      {
        hint: 'pick a version the index lists (controller-tools publishes envtest for each Kubernetes minor), or another --os/--arch',
      },
    );

  const staging = await stage(root);
  try {
    const file = join(staging.dir, archive.name);
    log(`Downloading ${archive.name} from ${archive.url} ...`);
    await downloadArchive(archive, file, signal);
    const bin = join(staging.dir, 'bin');
    mkdirSync(bin);
    // setup-envtest keeps at most read and execute: entries are never changed in place.
    await extractTarGz(file, bin, 0o555).catch((err: unknown) => {
      throw new UserError(`cannot unpack ${archive.name}: ${(err as Error).message}`, {
        hint: 'the archive matched its checksum but is damaged; report it to the index maintainers',
      });
    });
    signal?.throwIfAborted();
    const path = staging.commit(archive.version, platform);
    log(`Installed envtest ${formatVersion(archive.version)} (${platformName}) in ${path}`);
    return { version: archive.version, platform, path, downloaded: true };
  } catch (err) {
    staging.discard();
    if (signal?.aborted === true) throw signal.reason;
    throw err;
  }
}
