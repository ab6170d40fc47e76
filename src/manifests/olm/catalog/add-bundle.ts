import { UserError } from '../../../errors/user-error.js';
import { asObjArray, clone, compareStrings, type Obj } from '../model/objects.js';
import { compareSemver } from '../model/semver.js';
import { field, schemaOf, type ChannelEntry } from './fbc.js';
import type { RenderedBundle } from './render-bundle.js';

/** AddBundleOptions say where a rendered bundle goes. */
export interface AddBundleOptions {
  /** Channels to add the bundle to; default: the bundle's channels annotation. */
  channels?: string[];
  /** Sets the package's defaultChannel; default: keep the catalog's, else the bundle's, else the first channel. */
  defaultChannel?: string;
  /** Overrides the entry's replaces edge (default: the CSV's spec.replaces, else the channel head). */
  replaces?: string;
}

function bundleVersion(bundle: Obj): string {
  const p = asObjArray(bundle.properties).find((x) => x.type === 'olm.package');
  return String(p?.value?.version ?? '');
}

/** withBundle returns the bundles with the rendered one in place of any bundle of the same name; another bundle of its version is refused. */
function withBundle(bundles: readonly Obj[], rendered: RenderedBundle): Obj[] {
  const sameVersion = bundles.find(
    (b) => bundleVersion(b) === rendered.version && field(b, 'name') !== rendered.bundle.name,
  );
  if (sameVersion !== undefined) {
    throw new UserError(
      `package ${rendered.packageName} already has version ${rendered.version} as bundle "${String(field(sameVersion, 'name'))}"`,
      {
        hint: 'bump --version when generating the bundle; one version can only be released once',
      },
    );
  }
  return [...bundles.filter((b) => field(b, 'name') !== rendered.bundle.name), clone(rendered.bundle)];
}

/**
 * addEntry puts the release into one channel's entries. Re-adding a release keeps the replaces edge chosen
 * when it was first added; a new entry without one replaces the channel's head, which must be older.
 */
function addEntry(
  entries: ChannelEntry[],
  channelName: string,
  bundles: readonly Obj[],
  rendered: RenderedBundle,
  replaces: string | undefined,
): void {
  const entry: ChannelEntry = { ...rendered.entry };
  if (replaces !== undefined) entry.replaces = replaces;
  const index = entries.findIndex((e) => e.name === entry.name);
  if (index >= 0) {
    const previous = entries[index];
    if (entry.replaces === undefined && previous?.replaces !== undefined) entry.replaces = previous.replaces;
    entries[index] = withEdges(entry);
    return;
  }
  const head = entry.replaces === undefined ? channelHead(entries) : undefined;
  if (head !== undefined) {
    const headVersion = bundleVersion(bundles.find((b) => field(b, 'name') === head) ?? {});
    if (compareSemver(headVersion, rendered.version) >= 0) {
      throw new UserError(
        `bundle ${entry.name} (${rendered.version}) is not newer than ${head} (${headVersion}), the head of channel ${channelName}`,
        {
          hint: 'release a higher --version, or set spec.replaces in the base CSV (or --replaces) to place it in the upgrade graph explicitly',
        },
      );
    }
    entry.replaces = head;
  }
  entries.push(withEdges(entry));
}

/**
 * addBundleToPackage returns the package's FBC blobs with one more release: the bundle blob (replaced if
 * the same bundle name is already there, so re-running is idempotent) and an entry in each channel. A new
 * entry without an explicit replaces edge replaces the channel's current head, which must be older.
 * Output order: olm.package, channels by name, bundles by version, then other blobs of the package.
 */
export function addBundleToPackage(
  existing: readonly Obj[],
  rendered: RenderedBundle,
  o: AddBundleOptions = {},
): Obj[] {
  const pkgName = rendered.packageName;
  const pkg = existing.find((b) => schemaOf(b) === 'olm.package');
  const channels = existing.filter((b) => schemaOf(b) === 'olm.channel').map(clone);
  const others = existing.filter((b) => !['olm.package', 'olm.channel', 'olm.bundle'].includes(schemaOf(b)));
  const targetChannels = o.channels !== undefined && o.channels.length > 0 ? o.channels : rendered.channels;
  if (targetChannels.length === 0) {
    throw new UserError(`bundle ${rendered.bundle.name as string} names no channel`, {
      hint: 'pass --channels, or regenerate the bundle with --channels',
    });
  }
  const bundles = withBundle(existing.filter((b) => schemaOf(b) === 'olm.bundle').map(clone), rendered);
  for (const channelName of targetChannels) {
    let channel = channels.find((c) => field(c, 'name') === channelName);
    if (channel === undefined) {
      channel = { entries: [], name: channelName, package: pkgName, schema: 'olm.channel' };
      channels.push(channel);
    }
    const entries = asObjArray(channel.entries) as unknown as ChannelEntry[];
    addEntry(entries, channelName, bundles, rendered, o.replaces);
    channel.entries = entries;
  }
  const defaultChannel =
    o.defaultChannel ?? (pkg?.defaultChannel as string | undefined) ?? rendered.defaultChannel ?? targetChannels[0];
  return [
    { ...(pkg ?? { name: pkgName, schema: 'olm.package' }), defaultChannel },
    ...channels.sort((a, b) => compareStrings(String(field(a, 'name')), String(field(b, 'name')))),
    ...bundles.sort(
      (a, b) =>
        compareSemver(bundleVersion(a), bundleVersion(b)) ||
        compareStrings(String(field(a, 'name')), String(field(b, 'name'))),
    ),
    ...others,
  ];
}

/** channelHead returns the single entry nobody replaces or skips, or undefined when there is not exactly one. */
function channelHead(entries: readonly ChannelEntry[]): string | undefined {
  const pointedAt = new Set(
    entries.flatMap((e) => [...(e.replaces !== undefined ? [e.replaces] : []), ...(e.skips ?? [])]),
  );
  const heads = entries.filter((e) => !pointedAt.has(e.name));
  return heads.length === 1 ? heads[0]?.name : undefined;
}

function withEdges(e: ChannelEntry): ChannelEntry {
  const out: ChannelEntry = { name: e.name };
  if (e.replaces !== undefined) out.replaces = e.replaces;
  if (e.skipRange !== undefined) out.skipRange = e.skipRange;
  if (e.skips !== undefined && e.skips.length > 0) out.skips = [...e.skips];
  return out;
}
