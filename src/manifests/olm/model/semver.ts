import semver from 'semver';

/**
 * isStrictSemver tells whether text is a semantic version written exactly as semver prints it: no `v`
 * prefix, no leading zeros, no surrounding spaces (operator-sdk's `semver.Parse(v).String() == v`).
 */
export function isStrictSemver(text: string): boolean {
  const parsed = semver.parse(text, { loose: false });
  if (parsed === null) return false;
  const build = parsed.build.length > 0 ? `+${parsed.build.join('.')}` : '';
  return `${parsed.version}${build}` === text;
}

/** isSemverRange tells whether text parses as a version range (blang-style `>=1.0.0 <2.0.0` or `>0.27.0`). */
export function isSemverRange(text: string): boolean {
  if (text.trim() === '') return false;
  return semver.validRange(text, { loose: false }) !== null;
}

/** compareSemver orders two strict versions; invalid versions sort first. */
export function compareSemver(a: string, b: string): number {
  const va = semver.valid(a);
  const vb = semver.valid(b);
  if (va === null || vb === null) return (va === null ? 0 : 1) - (vb === null ? 0 : 1);
  return semver.compare(va, vb);
}

/**
 * compareKubeVersions orders API versions the way Kubernetes prioritises them, highest first:
 * GA before beta before alpha, higher numbers first, non-Kubernetes strings last alphabetically.
 */
export function compareKubeVersions(a: string, b: string): number {
  return kubeRank(b) - kubeRank(a) || (kubeRank(a) === 0 ? (a < b ? -1 : a > b ? 1 : 0) : 0);
}

function kubeRank(v: string): number {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
  if (m === null) return 0;
  const major = Number(m[1]);
  const stability = m[2] === undefined ? 3 : m[2] === 'beta' ? 2 : 1;
  const minor = m[3] === undefined ? 0 : Number(m[3]);
  return stability * 1e8 + major * 1e4 + minor;
}
