import type { LocatedMarker } from '../markers/collect.js';
import type { Diagnostic } from '../errors/diagnostic.js';
import { toYamlDocuments } from '../yaml/yaml.js';

/** RbacRuleArgs are the arguments of one `+kubebuilder:rbac` marker. */
export interface RbacRuleArgs {
  groups?: string[];
  resources?: string[];
  resourceNames?: string[];
  verbs: string[];
  urls?: string[];
  namespace?: string;
  roleName?: string;
}

interface Rule {
  groups: string[];
  resources: string[];
  resourceNames: string[];
  urls: string[];
  verbs: string[];
}

function uniqSorted(list: readonly string[]): string[] {
  return [...new Set(list)].sort();
}

function normalize(r: Rule): Rule {
  return {
    groups: uniqSorted(r.groups),
    resources: uniqSorted(r.resources),
    resourceNames: uniqSorted(r.resourceNames),
    urls: uniqSorted(r.urls),
    verbs: uniqSorted(r.verbs),
  };
}

function key(r: Rule): string {
  return `${r.groups.join('&')} + ${r.resources.join('&')} + ${r.resourceNames.join('&')} + ${r.urls.join('&')}`;
}

function mergeBy(rules: readonly Rule[], keyOf: (r: Rule) => string, merge: (into: Rule, from: Rule) => void): Rule[] {
  const map = new Map<string, Rule>();
  for (const r of rules) {
    const k = keyOf(r);
    const prev = map.get(k);
    if (prev === undefined) map.set(k, { ...r });
    else merge(prev, r);
  }
  return [...map.values()].map(normalize);
}

/**
 * normalizeRules merges and sorts policy rules like controller-gen: one rule per resource first, then
 * verbs merged for identical targets, resources merged for identical groups/names/urls/verbs, groups
 * merged for identical everything else; rules sorted by their key, `*` collapsing a verb list.
 */
export function normalizeRules(input: readonly Rule[]): Record<string, unknown>[] {
  let rules = input.map((r) => normalize({ ...r, groups: r.groups.map((g) => (g === 'core' ? '' : g)) }));
  rules = mergeBy(rules, key, (a, b) => a.verbs.push(...b.verbs));
  rules = mergeBy(
    rules,
    (r) => `${r.groups.join('&')} + ${r.resourceNames.join('&')} + ${r.urls.join('&')} + ${r.verbs.join('&')}`,
    (a, b) => a.resources.push(...b.resources),
  );
  rules = mergeBy(
    rules,
    (r) => `${r.resources.join('&')} + ${r.resourceNames.join('&')} + ${r.urls.join('&')} + ${r.verbs.join('&')}`,
    (a, b) => a.groups.push(...b.groups),
  );
  rules.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return rules.map((r) => {
    const out: Record<string, unknown> = {};
    if (r.groups.length > 0) out.apiGroups = r.groups;
    if (r.urls.length > 0) out.nonResourceURLs = r.urls;
    if (r.resourceNames.length > 0) out.resourceNames = r.resourceNames;
    if (r.resources.length > 0) out.resources = r.resources;
    out.verbs = r.verbs.includes('*') ? ['*'] : r.verbs;
    return out;
  });
}

/** buildRbac renders `role.yaml` from every `+kubebuilder:rbac` marker: a ClusterRole plus namespaced Roles. */
export function buildRbac(
  markers: readonly LocatedMarker[],
  roleName: string,
  diagnostics: Diagnostic[],
): string | undefined {
  const groups = new Map<string, { ns: string; name: string; rules: Rule[] }>();
  for (const m of markers) {
    const a = m.value as RbacRuleArgs;
    const verbs = a.verbs.map((v) => v.trim()).filter((v) => v !== '');
    if (verbs.length === 0) {
      diagnostics.push({
        ...m.loc,
        severity: 'error',
        message: `${m.text} has no verbs`,
        hint: 'add verbs=get;list;watch (or the verbs the controller needs)',
      });
      continue;
    }
    const bad = verbs.filter((v) => v !== v.toLowerCase());
    if (bad.length > 0) {
      diagnostics.push({
        ...m.loc,
        severity: 'error',
        message: `verbs must be lower-case, got ${bad.join(', ')} in ${m.text}`,
        hint: `write verbs=${verbs.map((v) => v.toLowerCase()).join(';')}`,
      });
      continue;
    }
    if ((a.resources ?? []).length === 0 && (a.urls ?? []).length === 0) {
      diagnostics.push({
        ...m.loc,
        severity: 'error',
        message: `${m.text} names neither resources nor urls`,
        hint: 'add resources=<plural> (with groups=) or urls=/path',
      });
      continue;
    }
    const ns = a.namespace ?? '';
    const name = a.roleName ?? roleName;
    const k = `${ns}\u0000${name}`;
    const entry = groups.get(k) ?? { ns, name, rules: [] };
    groups.set(k, entry);
    const base = { groups: a.groups ?? [], resourceNames: a.resourceNames ?? [], urls: a.urls ?? [], verbs };
    const resources = a.resources ?? [];
    if (resources.length === 0) entry.rules.push({ ...base, resources: [] });
    for (const r of resources) entry.rules.push({ ...base, groups: [...base.groups], resources: [r] });
  }
  if (groups.size === 0) return undefined;
  const docs = [...groups.values()]
    .sort((a, b) => (a.ns !== b.ns ? (a.ns < b.ns ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((g) => ({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: g.ns === '' ? 'ClusterRole' : 'Role',
      metadata: g.ns === '' ? { name: g.name } : { name: g.name, namespace: g.ns },
      rules: normalizeRules(g.rules),
    }));
  return toYamlDocuments(docs, { sortKeys: true });
}
