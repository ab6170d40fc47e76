import { UserError } from '../../errors/user-error.js';

/** Version is a concrete Kubernetes release, X.Y.Z. */
export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** Platform is a Go GOOS/GOARCH pair, the way setup-envtest's archives and store entries name it. */
export interface Platform {
  readonly os: string;
  readonly arch: string;
}

/**
 * VersionSelector is what `envtest use` was asked for: a concrete X.Y.Z, the newest patch of X.Y (`X.Y`,
 * `X.Y.x`, `X.Y.*`), or the newest release of all (no version), as setup-envtest reads them.
 */
export interface VersionSelector {
  readonly major?: number;
  readonly minor?: number;
  /** Undefined: any patch. */
  readonly patch?: number;
}

const SELECTOR = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)(?:\.(0|[1-9]\d*|x|\*))?$/;

/** ARCHIVE is controller-tools' archive name, `envtest-v<X.Y.Z>-<os>-<arch>.tar.gz` (setup-envtest's ArchiveRE). */
const ARCHIVE = /^envtest-v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)-(\w+)-(\w+)\.tar\.gz$/;

/** STORE_ITEM is a store entry's folder name, `<X.Y.Z>-<os>-<arch>` (setup-envtest's VersionPlatformRE). */
const STORE_ITEM = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)-(\w+)-(\w+)$/;

/** parseSelector reads the version argument of `envtest use`; undefined or empty selects the newest release. */
export function parseSelector(text: string | undefined): VersionSelector {
  if (text === undefined || text === '') return {};
  const m = SELECTOR.exec(text);
  if (m === null)
    throw new UserError(`"${text}" is not an envtest version`, {
      hint: 'give a Kubernetes version as X.Y.Z (1.37.2) or X.Y for its newest patch (1.37, 1.37.x)',
    });
  const patch = m[3] === undefined || m[3] === 'x' || m[3] === '*' ? undefined : Number(m[3]);
  return { major: Number(m[1]), minor: Number(m[2]), ...(patch === undefined ? {} : { patch }) };
}

/** isConcrete tells whether a selector names one release. */
export function isConcrete(sel: VersionSelector): sel is Version {
  return sel.major !== undefined && sel.minor !== undefined && sel.patch !== undefined;
}

/** matches tells whether a version is one the selector accepts. */
export function matches(sel: VersionSelector, v: Version): boolean {
  return (
    (sel.major === undefined || sel.major === v.major) &&
    (sel.minor === undefined || sel.minor === v.minor) &&
    (sel.patch === undefined || sel.patch === v.patch)
  );
}

/** compareVersions orders versions oldest first. */
export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** formatVersion prints X.Y.Z. */
export function formatVersion(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

/** formatSelector prints a selector as a user would write it. */
export function formatSelector(sel: VersionSelector): string {
  if (sel.major === undefined || sel.minor === undefined) return 'the newest release';
  return sel.patch === undefined ? `${sel.major}.${sel.minor}.x` : `${sel.major}.${sel.minor}.${sel.patch}`;
}

function parseNamed(re: RegExp, name: string): { version: Version; platform: Platform } | undefined {
  const m = re.exec(name);
  if (m === null) return undefined;
  return {
    version: { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) },
    platform: { os: m[4] ?? '', arch: m[5] ?? '' },
  };
}

/** parseArchiveName reads version and platform from an archive name of the index, undefined for other names. */
export function parseArchiveName(name: string): { version: Version; platform: Platform } | undefined {
  return parseNamed(ARCHIVE, name);
}

/** parseStoreItem reads version and platform from a store folder name, undefined for other names. */
export function parseStoreItem(name: string): { version: Version; platform: Platform } | undefined {
  return parseNamed(STORE_ITEM, name);
}

/** storeItemName is the store folder of one release and platform: `<X.Y.Z>-<os>-<arch>`. */
export function storeItemName(v: Version, p: Platform): string {
  return `${formatVersion(v)}-${p.os}-${p.arch}`;
}

/** archiveName is controller-tools' archive name of one release and platform. */
export function archiveName(v: Version, p: Platform): string {
  return `envtest-v${storeItemName(v, p)}.tar.gz`;
}
