import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import {
  compareVersions,
  matches,
  parseStoreItem,
  storeItemName,
  type Platform,
  type Version,
  type VersionSelector,
} from './versions.js';

/** StoreItem is one installed release: `<root>/k8s/<X.Y.Z>-<os>-<arch>/`. */
export interface StoreItem {
  readonly version: Version;
  readonly platform: Platform;
  readonly path: string;
}

/** REQUIRED_BINARIES are what an entry must hold to be used; kubectl is optional, as for envtest. */
const REQUIRED_BINARIES = ['kube-apiserver', 'etcd'] as const;

function executable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** storeDir is where setup-envtest keeps releases under a store root (its --bin-dir): `<root>/k8s`. */
export function storeDir(root: string): string {
  return join(root, 'k8s');
}

/**
 * listInstalled returns the complete store entries (kube-apiserver and etcd executable) of a platform that
 * the selector accepts, newest first.
 */
export function listInstalled(root: string, sel: VersionSelector, platform: Platform): StoreItem[] {
  let names: string[];
  try {
    names = readdirSync(storeDir(root));
  } catch {
    return [];
  }
  const items: StoreItem[] = [];
  for (const name of names) {
    const parsed = parseStoreItem(name);
    if (parsed === undefined || parsed.platform.os !== platform.os || parsed.platform.arch !== platform.arch) continue;
    if (!matches(sel, parsed.version)) continue;
    const path = join(storeDir(root), name);
    if (REQUIRED_BINARIES.every((b) => executable(join(path, b)))) items.push({ ...parsed, path });
  }
  return items.sort((a, b) => compareVersions(b.version, a.version));
}

/** Staging is a private folder next to the store entries, moved into place in one rename when complete. */
export interface Staging {
  /** The folder to download and extract into. */
  readonly dir: string;
  /** commit makes the staged binaries (in `dir/bin`) the store entry of a release, read and execute only. */
  commit(version: Version, platform: Platform): string;
  /** discard removes the staging folder and everything in it. */
  discard(): void;
}

/**
 * stage creates a staging folder in the store (same file system, so the final rename is atomic): a failed or
 * interrupted download leaves no entry behind that envtest would pick up.
 */
export async function stage(root: string): Promise<Staging> {
  mkdirSync(storeDir(root), { recursive: true });
  const dir = await mkdtemp(join(storeDir(root), '.download-'));
  const discard = (): void => {
    // Entries are read-only folders (0555), like setup-envtest's; give write back before removing.
    for (const path of [join(dir, 'bin'), dir]) if (existsSync(path)) chmodSync(path, 0o755);
    rmSync(dir, { recursive: true, force: true });
  };
  return {
    dir,
    discard,
    commit(version, platform) {
      const bin = join(dir, 'bin');
      for (const b of REQUIRED_BINARIES)
        if (!executable(join(bin, b)))
          throw new UserError(
            `the envtest archive of ${storeItemName(version, platform)} holds no ${b}; nothing was installed`,
            {
              hint: 'the index points at an archive that is not an envtest release (controller-tools/envtest/{kube-apiserver,etcd,kubectl})',
            },
          );
      const target = join(storeDir(root), storeItemName(version, platform));
      if (existsSync(target)) {
        chmodSync(target, 0o755);
        rmSync(target, { recursive: true, force: true });
      }
      chmodSync(bin, 0o555);
      renameSync(bin, target);
      discard();
      return target;
    },
  };
}
