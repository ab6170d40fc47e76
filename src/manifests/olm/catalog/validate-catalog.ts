import { asObjArray, isObj, type Obj } from '../model/objects.js';
import { isDns1123Label, isImageReference } from '../model/names.js';
import { isSemverRange, isStrictSemver } from '../model/semver.js';
import type { Finding } from '../validate/types.js';
import { field, readCatalog, schemaOf, type CatalogContent, type ChannelEntry } from './fbc.js';

interface PackageModel {
  pkg: Obj | undefined;
  channels: Obj[];
  bundles: Obj[];
  deprecations: Obj[];
}

/** Report records one error finding. */
type Report = (check: string, object: string, message: string) => void;

/** groupPackages sorts the blobs of a catalog by package, reporting blobs without a schema and bad or repeated packages. */
function groupPackages(content: CatalogContent, report: Report): Map<string, PackageModel> {
  const packages = new Map<string, PackageModel>();
  const model = (name: string): PackageModel => {
    let m = packages.get(name);
    if (m === undefined) packages.set(name, (m = { pkg: undefined, channels: [], bundles: [], deprecations: [] }));
    return m;
  };
  for (const { obj, file } of content.blobs) {
    const schema = schemaOf(obj);
    if (schema === '') report('fbc-parse', file, 'blob without a schema');
    else if (schema === 'olm.package') {
      const name = String(field(obj, 'name') ?? '');
      if (name === '' || !isDns1123Label(name))
        report('fbc-package-name', `${file} olm.package/${name}`, `package name "${name}" must be a DNS-1123 label`);
      const m = model(name);
      if (m.pkg !== undefined)
        report('fbc-package-duplicate', `olm.package/${name}`, `package "${name}" is declared more than once`);
      m.pkg = obj;
    } else if (schema === 'olm.channel') model(String(field(obj, 'package') ?? '')).channels.push(obj);
    else if (schema === 'olm.bundle') model(String(field(obj, 'package') ?? '')).bundles.push(obj);
    else if (schema === 'olm.deprecations') model(String(field(obj, 'package') ?? '')).deprecations.push(obj);
  }
  return packages;
}

/** checkDefaultChannel checks that a package has channels and a default channel among them. */
function checkDefaultChannel(pkgName: string, pkg: Obj, channelNames: readonly string[], report: Report): void {
  const pkgRef = `olm.package/${pkgName}`;
  const defaultChannel = String(pkg.defaultChannel ?? '');
  if (channelNames.length === 0) report('fbc-package-no-channels', pkgRef, 'package has no channels');
  if (defaultChannel === '') report('fbc-package-default-channel', pkgRef, 'defaultChannel is not set');
  else if (channelNames.length > 0 && !channelNames.includes(defaultChannel)) {
    report(
      'fbc-package-default-channel',
      pkgRef,
      `defaultChannel "${defaultChannel}" not found in the package's channels (${channelNames.join(', ')})`,
    );
  }
}

/** checkBundles checks the bundles of a package (names, olm.package property, versions, images, channel membership) and returns their names. */
function checkBundles(pkgName: string, m: PackageModel, report: Report): Set<string> {
  const bundleNames = new Set<string>();
  const versions = new Map<string, string>();
  const inChannels = new Set(m.channels.flatMap((c) => asObjArray(c.entries).map((e) => String(e.name))));
  for (const b of m.bundles) {
    const name = String(field(b, 'name') ?? '');
    const ref = `olm.bundle/${name}`;
    if (bundleNames.has(name)) report('fbc-bundle-duplicate-name', ref, `bundle "${name}" is declared more than once`);
    bundleNames.add(name);
    const props = asObjArray(b.properties).filter((p) => p.type === 'olm.package');
    if (props.length !== 1)
      report(
        'fbc-bundle-package-property',
        ref,
        `bundle must have exactly one olm.package property, found ${props.length}`,
      );
    const value: Obj = isObj(props[0]?.value) ? props[0].value : {};
    if (props.length === 1 && value.packageName !== pkgName)
      report(
        'fbc-bundle-package-property',
        ref,
        `olm.package packageName "${String(value.packageName)}" does not match package "${pkgName}"`,
      );
    const version = String(value.version ?? '');
    if (props.length === 1 && !isStrictSemver(version))
      report('fbc-bundle-version', ref, `version "${version}" is not a semantic version`);
    const key = `${version}${value.release !== undefined ? `-${String(value.release)}` : ''}`;
    const other = versions.get(key);
    if (props.length === 1 && other !== undefined)
      report(
        'fbc-package-duplicate-version',
        ref,
        `version ${version} is also bundle "${other}": each bundle of a package needs its own version`,
      );
    versions.set(key, name);
    checkBundleImages(b, ref, report);
    if (!inChannels.has(name))
      report('fbc-bundle-not-in-channel', ref, 'bundle is in no channel: add an olm.channel entry for it or remove it');
  }
  return bundleNames;
}

/** checkBundleImages checks a bundle's image (which only a bundle carrying its objects may leave out) and related images. */
function checkBundleImages(b: Obj, ref: string, report: Report): void {
  const image = String(b.image ?? '');
  if (
    image === ''
      ? !Array.isArray(b.properties) || !b.properties.some((p: Obj) => p.type === 'olm.bundle.object')
      : !isImageReference(image)
  ) {
    report('fbc-bundle-image', ref, `image "${image}" is not a valid image reference`);
  }
  for (const r of asObjArray(b.relatedImages))
    if (!isImageReference(String(r.image ?? '')))
      report('fbc-bundle-related-image', ref, `related image "${String(r.image)}" is not a valid image reference`);
}

/** checkChannels checks the channels of a package: names, entries that name bundles, and each replaces graph. */
function checkChannels(
  pkgName: string,
  channels: readonly Obj[],
  bundleNames: ReadonlySet<string>,
  report: Report,
): void {
  const seenChannels = new Set<string>();
  for (const c of channels) {
    const name = String(field(c, 'name') ?? '');
    const ref = `olm.channel/${pkgName}/${name}`;
    if (name === '') report('fbc-channel-name', ref, 'channel name is empty');
    else if (seenChannels.has(name)) report('fbc-channel-name', ref, `channel "${name}" is declared more than once`);
    seenChannels.add(name);
    const entries = asObjArray(c.entries) as unknown as ChannelEntry[];
    if (entries.length === 0) {
      report('fbc-channel-empty', ref, 'channel has no entries');
      continue;
    }
    const entryNames = new Set<string>();
    for (const e of entries) {
      if (entryNames.has(e.name)) report('fbc-channel-duplicate-entry', ref, `entry "${e.name}" is listed twice`);
      entryNames.add(e.name);
      if (!bundleNames.has(e.name))
        report('fbc-channel-missing-bundle', ref, `no olm.bundle blob found for channel entry "${e.name}"`);
      if ((e.skips ?? []).some((s) => String(s) === ''))
        report('fbc-entry-skips', ref, `entry "${e.name}" has an empty skips item`);
      if (e.skipRange !== undefined && !isSemverRange(String(e.skipRange)))
        report(
          'fbc-entry-skip-range',
          ref,
          `entry "${e.name}" skipRange "${String(e.skipRange)}" is not a valid range`,
        );
    }
    for (const f of validateReplacesGraph(entries)) report(f.check, ref, f.message);
  }
}

/**
 * validateCatalogContent checks a file-based catalog the way `opm validate` does (operator-registry
 * pkg/lib/config/validate.go: declcfg.ConvertToModel in alpha/declcfg/declcfg_to_model.go, then the
 * Validate methods of alpha/model/model.go): package, channel and bundle integrity and, per channel, a
 * replaces graph with exactly one head, no cycles and no stranded bundles (Channel.validateReplacesChain).
 * Every finding is an error.
 */
export function validateCatalogContent(content: CatalogContent): Finding[] {
  const out: Finding[] = [];
  const report: Report = (check, object, message) => void out.push({ check, severity: 'error', object, message });
  for (const u of content.unreadable) report('fbc-parse', u.file, `cannot parse: ${u.message}`);
  const packages = groupPackages(content, report);
  for (const [pkgName, m] of [...packages.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (m.pkg === undefined) {
      for (const c of m.channels)
        report(
          'fbc-channel-package-unknown',
          `olm.channel/${String(field(c, 'name'))}`,
          `channel references unknown package "${pkgName}"`,
        );
      for (const b of m.bundles)
        report(
          'fbc-bundle-package-unknown',
          `olm.bundle/${String(field(b, 'name'))}`,
          `bundle references unknown package "${pkgName}"`,
        );
      continue;
    }
    const channelNames = m.channels.map((c) => String(field(c, 'name') ?? ''));
    checkDefaultChannel(pkgName, m.pkg, channelNames, report);
    const bundleNames = checkBundles(pkgName, m, report);
    checkChannels(pkgName, m.channels, bundleNames, report);
    for (const message of deprecationProblems(m.deprecations, new Set(channelNames), bundleNames))
      report('fbc-deprecations', `olm.deprecations/${pkgName}`, message);
  }
  return out;
}

function deprecationProblems(blobs: Obj[], channels: Set<string>, bundles: Set<string>): string[] {
  const out: string[] = [];
  if (blobs.length > 1) out.push(`found ${blobs.length} olm.deprecations blobs; a package has at most one`);
  for (const blob of blobs) {
    for (const e of asObjArray(blob.entries)) {
      const ref: Obj = isObj(e.reference) ? e.reference : {};
      const schema = String(ref.schema ?? '');
      const name = ref.name === undefined ? undefined : String(ref.name);
      if (typeof e.message !== 'string' || e.message.trim() === '')
        out.push(`entry for ${schema}${name !== undefined ? ` ${name}` : ''} has no message`);
      if (schema === 'olm.package') {
        if (name !== undefined && name !== '') out.push('a package-level deprecation reference must not have a name');
      } else if (schema === 'olm.channel' || schema === 'olm.bundle') {
        if (!(schema === 'olm.channel' ? channels : bundles).has(name ?? ''))
          out.push(`deprecated ${schema} "${name ?? ''}" does not exist in the package`);
      } else out.push(`reference schema "${schema}" must be olm.package, olm.channel or olm.bundle`);
    }
  }
  return out;
}

/**
 * validateReplacesGraph checks one channel's upgrade graph: exactly one head (an entry nobody replaces or
 * skips), no cycle on the replaces chain from the head, and every entry either on that chain or skipped.
 */
export function validateReplacesGraph(entries: readonly ChannelEntry[]): { check: string; message: string }[] {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const replaced = new Set(entries.map((e) => e.replaces).filter((r): r is string => r !== undefined && r !== ''));
  const skipped = new Set(entries.flatMap((e) => e.skips ?? []));
  const heads = entries
    .filter((e) => !replaced.has(e.name) && !skipped.has(e.name))
    .map((e) => e.name)
    .sort();
  if (heads.length !== 1) {
    return [
      {
        check: 'fbc-channel-head',
        message:
          heads.length === 0
            ? 'no channel head found: every entry is replaced or skipped by another (a replaces cycle?)'
            : `multiple channel heads found: ${heads.join(', ')}; make the newest entry replace (or skip) the others`,
      },
    ];
  }
  const chain: string[] = [];
  const onChain = new Set<string>();
  let current = byName.get(heads[0] ?? '');
  while (current !== undefined) {
    if (onChain.has(current.name)) {
      return [
        {
          check: 'fbc-channel-cycle',
          message: `replaces cycle: ${[...chain, current.name].join(' -> ')}; fix the replaces of these entries`,
        },
      ];
    }
    chain.push(current.name);
    onChain.add(current.name);
    const next = current.replaces;
    if (next === undefined || next === '' || skipped.has(next)) break;
    current = byName.get(next);
  }
  const stranded = entries
    .filter((e) => !onChain.has(e.name) && !skipped.has(e.name))
    .map((e) => e.name)
    .sort();
  return stranded.length === 0
    ? []
    : [
        {
          check: 'fbc-channel-stranded',
          message: `stranded bundles (not on the replaces chain from ${heads[0] ?? ''} and not skipped): ${stranded.join(', ')}`,
        },
      ];
}

/** validateCatalog reads a catalog directory and validates it. */
export async function validateCatalog(dir: string): Promise<Finding[]> {
  return validateCatalogContent(await readCatalog(dir));
}
