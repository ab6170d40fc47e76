import { gvkOf, nameOf, type Obj } from '../model/objects.js';

/**
 * bundleFileName names a manifest the way operator-sdk does: the CSV `<package>.clusterserviceversion.yaml`,
 * a CRD `<group>_<plural>.yaml`, anything else `<name>_<group>_<version>_<kind>.yaml`
 * (`<name>_<version>_<kind>.yaml` in the core group), kind lower-cased.
 */
export function bundleFileName(obj: Obj, packageName: string): string {
  const { group, version, kind } = gvkOf(obj);
  if (kind === 'ClusterServiceVersion') return `${packageName.toLowerCase()}.clusterserviceversion.yaml`;
  if (kind === 'CustomResourceDefinition') return `${String(obj.spec?.group)}_${String(obj.spec?.names?.plural)}.yaml`;
  const parts = [nameOf(obj), ...(group === '' ? [] : [group]), version, kind.toLowerCase()];
  return `${parts.join('_')}.yaml`;
}

/** uniqueFileName adds operator-sdk's `dupN_` prefix when a name is taken. */
export function uniqueFileName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let i = 1; ; i++) {
    const candidate = `dup${i}_${name}`;
    if (!taken.has(candidate)) return candidate;
  }
}
