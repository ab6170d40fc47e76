/**
 * Names of Kubernetes OpenAPI definitions (`io.k8s.api.core.v1.PodSpec`) as `@kubernetes/client-node`
 * spells its models (`V1PodSpec`). Its generator drops the Go package path, keeps the API version and the
 * type name, and adds the group when two groups define the same name in the same version
 * (`CoreV1EndpointPort`, `DiscoveryV1EndpointPort`).
 */

const PREFIXES = [
  'io.k8s.api.',
  'io.k8s.apimachinery.pkg.apis.',
  'io.k8s.apiextensions-apiserver.pkg.apis.',
  'io.k8s.kube-aggregator.pkg.apis.',
  'io.k8s.apimachinery.pkg.',
];

function capitalised(part: string): string {
  return part
    .split(/[.-]/)
    .filter((p) => p !== '')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

/** definitionParts splits a definition name into group (first segment), version and type name. */
function definitionParts(definition: string): { group: string; version: string; kind: string } {
  const prefix = PREFIXES.find((p) => definition.startsWith(p));
  const parts = (prefix === undefined ? definition : definition.slice(prefix.length)).split('.');
  const kind = parts.at(-1) ?? definition;
  return { group: parts.length > 2 ? (parts[0] ?? '') : '', version: parts.at(-2) ?? '', kind };
}

/** plainModelName is the model name without group (`V1PodSpec`, `VersionInfo`, `ResourceQuantity`). */
export function plainModelName(definition: string): string {
  const { version, kind } = definitionParts(definition);
  return capitalised(version) + kind;
}

/** groupModelName is the model name with the group (`CoreV1EndpointPort`). */
export function groupModelName(definition: string): string {
  const { group, version, kind } = definitionParts(definition);
  return capitalised(group) + capitalised(version) + kind;
}

/**
 * modelNames names every definition: the plain name where no other definition shares it, else the name
 * with the group, as client-node's generator does.
 */
export function modelNames(definitions: readonly string[]): Map<string, string> {
  const plainCount = new Map<string, number>();
  for (const d of definitions) plainCount.set(plainModelName(d), (plainCount.get(plainModelName(d)) ?? 0) + 1);
  const out = new Map<string, string>();
  for (const d of [...definitions].sort())
    out.set(d, plainCount.get(plainModelName(d)) === 1 ? plainModelName(d) : groupModelName(d));
  return out;
}
