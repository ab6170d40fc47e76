import { existsSync, readdirSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { UserError } from '../../errors/user-error.js';
import { isDns1123Subdomain, isImageReference } from '../../manifests/olm/model/names.js';
import { splitList } from './olm-project-info.js';

// The OLM commands check every flag here, before they read manifests, contact a registry or write: a
// value found wrong later would leave the work done so far for nothing, or (an output folder) cost files.

/** checkNotEmpty refuses `--flag ""` for a flag naming a folder (it would be the project root). */
export function checkNotEmpty(flag: string, value: string | undefined): void {
  if (value !== undefined && value.trim() === '')
    throw new UserError(`${flag} is empty`, { hint: `name a folder, or leave ${flag} out for its default` });
}

/**
 * checkBundleOutputDir refuses a generate bundle --output-dir that would overwrite what is not a bundle:
 * the project root or a folder holding it (the bundle's stale files are deleted there), or an existing
 * folder with files but without a bundle's manifests/, metadata/ or tests/.
 */
export function checkBundleOutputDir(cwd: string, value: string | undefined): void {
  if (value === undefined) return;
  checkNotEmpty('--output-dir', value);
  const dir = resolve(cwd, value);
  const rel = relative(dir, resolve(cwd));
  if (rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep)))
    throw new UserError(
      `--output-dir ${value} is the project folder or holds it: the bundle would replace the project's files`,
      { hint: 'use a folder of its own, e.g. --output-dir bundle' },
    );
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
  const entries = readdirSync(dir);
  if (entries.length > 0 && !['manifests', 'metadata', 'tests'].some((e) => entries.includes(e)))
    throw new UserError(`--output-dir ${value} holds files but no bundle (no manifests/, metadata/ or tests/)`, {
      hint: 'use an empty folder or one written by generate bundle, e.g. --output-dir bundle',
    });
}

/** checkChannels refuses a --channels value that names no channel (`--channels ""`, `--channels ,`). */
export function checkChannels(value: string | undefined): void {
  if (value !== undefined && (splitList(value) ?? []).length === 0)
    throw new UserError(`--channels ${JSON.stringify(value)} names no channel`, {
      hint: 'e.g. --channels alpha or --channels stable,candidate',
    });
}

// A blang/semver range, as OLM reads olm.skipRange: comparisons joined by spaces, alternatives by ||.
const COMPARATOR = /^(>=|<=|>|<|==|=|!=)?v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/** checkSkipRange refuses a --skip-range OLM cannot read (github.com/blang/semver/v4 ParseRange syntax). */
export function checkSkipRange(value: string | undefined): void {
  if (value === undefined) return;
  const alternatives = value.split('||').map((a) =>
    a
      .trim()
      .split(/\s+/)
      .filter((c) => c !== ''),
  );
  if (alternatives.some((a) => a.length === 0 || a.some((c) => !COMPARATOR.test(c))))
    throw new UserError(`--skip-range ${JSON.stringify(value)} is not a semver range OLM reads`, {
      hint: 'write comparisons of full versions, e.g. --skip-range ">=0.1.0 <0.2.0"',
    });
}

/** checkServiceAccounts refuses an --extra-service-accounts name that is not a DNS-1123 subdomain. */
export function checkServiceAccounts(value: string | undefined): void {
  for (const name of splitList(value) ?? [])
    if (!isDns1123Subdomain(name))
      throw new UserError(`--extra-service-accounts: ${JSON.stringify(name)} is not a valid service account name`, {
        hint: 'use lowercase letters, digits, "-" and ".", e.g. --extra-service-accounts memcached-operator-helper',
      });
}

/** checkImage refuses a flag value that is not a container image reference. */
export function checkImage(flag: string, value: string | undefined): void {
  if (value !== undefined && !isImageReference(value))
    throw new UserError(`${flag} ${JSON.stringify(value)} is not a valid image reference`, {
      hint: `e.g. ${flag} quay.io/example/image:v0.1.0`,
    });
}
