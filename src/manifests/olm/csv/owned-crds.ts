import { asObjArray, compareStrings, nameOf, type Obj } from '../model/objects.js';
import { compareKubeVersions } from '../model/semver.js';
import { mergeDescriptorInput, type CrdDescriptorInput } from './descriptors.js';

/**
 * buildOwnedCrds lists one owned entry per served version of each input CRD. A base entry with the same
 * (name, version, kind) is kept as written (display names, descriptions, descriptors, resources edited by
 * hand); base entries for CRDs no longer in the input are dropped; marker descriptors are merged on top.
 * Entries are sorted by name, kind, then version (newest first).
 */
export function buildOwnedCrds(
  crds: readonly Obj[],
  baseOwned: readonly Obj[],
  descriptors: readonly CrdDescriptorInput[],
): Obj[] {
  const baseByKey = new Map(baseOwned.map((e) => [`${String(e.name)}|${String(e.version)}|${String(e.kind)}`, e]));
  const out: Obj[] = [];
  for (const crd of crds) {
    const name = nameOf(crd);
    const kind = String(crd.spec?.names?.kind ?? '');
    const group = String(crd.spec?.group ?? '');
    for (const v of asObjArray(crd.spec?.versions)) {
      if (v.served === false) continue;
      const version = String(v.name);
      let entry: Obj = baseByKey.get(`${name}|${version}|${kind}`) ?? { kind, name, version };
      entry = { ...entry, kind, name, version };
      const input = descriptors.find((d) => d.group === group && d.version === version && d.kind === kind);
      if (input !== undefined) entry = mergeDescriptorInput(entry, input);
      out.push(entry);
    }
  }
  return out.sort(
    (a, b) =>
      compareStrings(String(a.name), String(b.name)) ||
      compareStrings(String(a.kind), String(b.kind)) ||
      compareKubeVersions(String(a.version), String(b.version)),
  );
}
