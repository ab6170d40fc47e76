import { parse } from 'yaml';
import { toYaml, UserError } from '../../src/index.js';

/** OwnedCrd is one `spec.customresourcedefinitions.owned[]` entry of a CSV. */
export interface OwnedCrd {
  name: string;
  version: string;
  kind: string;
  displayName: string;
  description: string;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * parseCsv parses the base CSV and checks its shape, naming the file and the fix: the base is co-owned
 * by the author and the tool, so an edit that broke it must be reported, not overwritten.
 */
export function parseCsv(path: string, text: string): Obj {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (err) {
    throw new UserError(`${path} is not valid YAML: ${(err as Error).message.split('\n')[0]}`, {
      hint: `fix the YAML syntax in ${path}, then re-run`,
    });
  }
  if (!isObj(doc) || doc['kind'] !== 'ClusterServiceVersion')
    throw new UserError(`${path} does not hold a ClusterServiceVersion`, {
      hint: `restore ${path} (kind: ClusterServiceVersion); operator-ts edit --plugins olm/v1 re-creates a missing one`,
    });
  if (doc['spec'] !== undefined && doc['spec'] !== null && !isObj(doc['spec']))
    throw new UserError(`${path}: spec is not a mapping`, { hint: `restore spec: in ${path}` });
  return doc;
}

/**
 * withOwnedCrd returns the base CSV text with `entry` added to spec.customresourcedefinitions.owned, or
 * undefined when an entry with the same name, version and kind is already there (re-runs change nothing,
 * and an entry the author edited is left alone). The edit is structural: parse, change, serialise.
 */
export function withOwnedCrd(path: string, text: string, entry: OwnedCrd): string | undefined {
  const csv = parseCsv(path, text);
  const spec: Obj = isObj(csv['spec']) ? csv['spec'] : {};
  csv['spec'] = spec;
  const crds: Obj = isObj(spec['customresourcedefinitions']) ? spec['customresourcedefinitions'] : {};
  spec['customresourcedefinitions'] = crds;
  const raw = crds['owned'];
  if (raw !== undefined && raw !== null && !Array.isArray(raw))
    throw new UserError(`${path}: spec.customresourcedefinitions.owned is not a list`, {
      hint: `make it a list (owned: []) in ${path}`,
    });
  const owned: unknown[] = Array.isArray(raw) ? raw : [];
  if (
    owned.some(
      (o) => isObj(o) && o['name'] === entry.name && o['version'] === entry.version && o['kind'] === entry.kind,
    )
  )
    return undefined;
  crds['owned'] = [
    ...owned,
    {
      description: entry.description,
      displayName: entry.displayName,
      kind: entry.kind,
      name: entry.name,
      version: entry.version,
    },
  ];
  return toYaml(csv);
}

/**
 * withAllNamespacesOnly returns the base CSV text with every install mode but AllNamespaces unsupported,
 * or undefined when that is already so. OLM installs conversion webhooks only for such operators: a CRD
 * is cluster-wide, so its conversion cannot depend on which namespaces one install watches.
 */
export function withAllNamespacesOnly(path: string, text: string): string | undefined {
  const csv = parseCsv(path, text);
  const spec: Obj = isObj(csv['spec']) ? csv['spec'] : {};
  const modes = Array.isArray(spec['installModes']) ? spec['installModes'] : [];
  let changed = false;
  const next = modes.map((m: unknown) => {
    if (!isObj(m)) return m;
    const want = m['type'] === 'AllNamespaces';
    if (m['supported'] === want) return m;
    changed = true;
    return { ...m, supported: want };
  });
  if (!changed) return undefined;
  spec['installModes'] = next;
  return toYaml(csv);
}
