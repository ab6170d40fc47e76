// Semantic comparison of two CRD schemas (operator-ts vs controller-gen), node by node.
//
// A schema NODE is every JSONSchemaProps object in the tree: the root, each `properties` value, `items`,
// `additionalProperties` (when a schema) and each `anyOf`/`allOf`/`oneOf` member. A node MATCHES when it
// exists on both sides and all of its own keywords are equal after normalisation; child schemas are nodes
// of their own, so one difference deep down does not make its ancestors differ.
//
// Normalisation (each is semantically neutral for the apiserver):
// - `description` does not make a node differ (doc comments are written per language); descriptions are
//   counted on their own: where both sides have one, equal or different (see `descriptions`).
// - `required`, `enum` and `x-kubernetes-validations` are compared as sets: `required` is a set of names,
//   an enum is a set of allowed values, and the apiserver evaluates every CEL rule and reports every
//   failure, so the order of rules only changes the order of messages.
// - numbers compare by value (YAML `1` and `1.0` are the same bound).
// - in the CRD shell, `subresources: {}` equals no subresources (controller-gen writes the empty object
//   whenever a version has printer columns).

/** JsonObject is a parsed YAML/JSON object. */
export type JsonObject = Record<string, unknown>;

/** NodeDiff is one keyword of one node that differs (or a node present on one side only). */
export interface NodeDiff {
  /** Readable location: `spec.ports[].name`, `spec.port|anyOf[0]`, `spec.labels{}`. */
  path: string;
  /** The keyword that differs, or `(node)` for a node that exists on one side only. */
  keyword: string;
  ours: unknown;
  theirs: unknown;
}

/** CompareResult counts nodes and lists differences. */
export interface CompareResult {
  nodes: number;
  matching: number;
  /** Node paths that differ (each counted once in `nodes - matching`). */
  differingNodes: string[];
  diffs: NodeDiff[];
  /** Nodes where both sides have a description, how many of those are equal, and the ones that differ. */
  descriptions: DescriptionCount;
}

/** DescriptionCount counts the nodes where both sides have a description. */
export interface DescriptionCount {
  both: number;
  equal: number;
  differing: NodeDiff[];
}

/** emptyResult is a CompareResult with nothing counted yet. */
export function emptyResult(): CompareResult {
  return { nodes: 0, matching: 0, differingNodes: [], diffs: [], descriptions: { both: 0, equal: 0, differing: [] } };
}

/** addResult adds the counts of `b` to `a`. */
export function addResult(a: CompareResult, b: CompareResult): void {
  a.nodes += b.nodes;
  a.matching += b.matching;
  a.differingNodes.push(...b.differingNodes);
  a.diffs.push(...b.diffs);
  a.descriptions.both += b.descriptions.both;
  a.descriptions.equal += b.descriptions.equal;
  a.descriptions.differing.push(...b.descriptions.differing);
}

const CHILD_KEYS = new Set(['properties', 'items', 'additionalProperties', 'anyOf', 'allOf', 'oneOf', 'not']);
const IGNORED = new Set(['description']);
const SET_KEYS = new Set(['required', 'enum', 'x-kubernetes-validations']);

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** canonical renders a value with sorted keys so that equal values compare equal as strings. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

function normalise(key: string, v: unknown): string {
  if (SET_KEYS.has(key) && Array.isArray(v)) return `[${v.map(canonical).sort().join(',')}]`;
  return canonical(v);
}

function childSchemas(s: JsonObject): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  const props = s.properties;
  if (isObject(props)) for (const [k, v] of Object.entries(props)) if (isObject(v)) out.set(`.${k}`, v);
  if (isObject(s.items)) out.set('[]', s.items);
  if (isObject(s.additionalProperties)) out.set('{}', s.additionalProperties);
  for (const k of ['anyOf', 'allOf', 'oneOf']) {
    const list = s[k];
    if (Array.isArray(list)) list.forEach((v, i) => isObject(v) && out.set(`|${k}[${i}]`, v));
  }
  if (isObject(s.not)) out.set('|not', s.not);
  return out;
}

function ownKeywords(s: JsonObject): string[] {
  return Object.keys(s).filter(
    (k) => !IGNORED.has(k) && !(CHILD_KEYS.has(k) && (k !== 'additionalProperties' || isObject(s[k]))),
  );
}

function countNodes(s: JsonObject): number {
  let n = 1;
  for (const c of childSchemas(s).values()) n += countNodes(c);
  return n;
}

/** compareSchemas walks both schemas together and counts matching nodes. */
export function compareSchemas(ours: JsonObject | undefined, theirs: JsonObject | undefined, path = ''): CompareResult {
  const result = emptyResult();
  walk(ours, theirs, path, result);
  return result;
}

function walk(ours: JsonObject | undefined, theirs: JsonObject | undefined, path: string, r: CompareResult): void {
  const label = path === '' ? '(root)' : path.replace(/^\./, '');
  if (ours === undefined || theirs === undefined) {
    const only = (ours ?? theirs) as JsonObject;
    const n = countNodes(only);
    r.nodes += n;
    r.differingNodes.push(label);
    r.diffs.push({
      path: label,
      keyword: '(node)',
      ours: ours === undefined ? undefined : `${n} node(s)`,
      theirs: theirs === undefined ? undefined : `${n} node(s)`,
    });
    return;
  }
  r.nodes++;
  if (typeof ours.description === 'string' && typeof theirs.description === 'string') {
    r.descriptions.both++;
    if (ours.description === theirs.description) r.descriptions.equal++;
    else
      r.descriptions.differing.push({
        path: label,
        keyword: 'description',
        ours: ours.description,
        theirs: theirs.description,
      });
  }
  let same = true;
  const keys = new Set([...ownKeywords(ours), ...ownKeywords(theirs)]);
  for (const k of [...keys].sort()) {
    const a = ours[k];
    const b = theirs[k];
    if (a === undefined || b === undefined || normalise(k, a) !== normalise(k, b)) {
      same = false;
      r.diffs.push({ path: label, keyword: k, ours: a, theirs: b });
    }
  }
  if (same) r.matching++;
  else r.differingNodes.push(label);
  const oc = childSchemas(ours);
  const tc = childSchemas(theirs);
  for (const key of new Set([...oc.keys(), ...tc.keys()])) walk(oc.get(key), tc.get(key), `${path}${key}`, r);
}

/** CRD_VERSION_FIELDS are the per-version fields compared besides the schema. */
const CRD_VERSION_FIELDS = [
  'served',
  'storage',
  'deprecated',
  'deprecationWarning',
  'subresources',
  'additionalPrinterColumns',
  'selectableFields',
];

/**
 * compareCrdShell compares everything of two CRDs except the schemas: names, scope, group, labels,
 * annotations (without the tool's version annotation) and each version's flags, subresources, printer
 * columns and selectable fields.
 */
export function compareCrdShell(ours: JsonObject, theirs: JsonObject): NodeDiff[] {
  const diffs: NodeDiff[] = [];
  const get = (o: JsonObject, path: string): unknown =>
    path.split('.').reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), o);
  const annotations = (o: JsonObject): unknown => {
    const a = { ...((get(o, 'metadata.annotations') as JsonObject | undefined) ?? {}) };
    delete a['controller-gen.kubebuilder.io/version'];
    delete a['operator-ts.dev/version'];
    return a;
  };
  const check = (path: string, a: unknown, b: unknown): void => {
    if (canonical(a) !== canonical(b)) diffs.push({ path: 'crd', keyword: path, ours: a, theirs: b });
  };
  for (const p of [
    'metadata.name',
    'metadata.labels',
    'spec.group',
    'spec.names',
    'spec.scope',
    'spec.conversion',
    'spec.preserveUnknownFields',
  ])
    check(p, get(ours, p), get(theirs, p));
  check('metadata.annotations', annotations(ours), annotations(theirs));
  const versions = (o: JsonObject): JsonObject[] => (get(o, 'spec.versions') as JsonObject[] | undefined) ?? [];
  check(
    'spec.versions[].name',
    versions(ours).map((v) => v.name),
    versions(theirs).map((v) => v.name),
  );
  for (const v of versions(ours)) {
    const t = versions(theirs).find((x) => x.name === v.name);
    if (t === undefined) continue;
    const emptyIsAbsent = (x: unknown): unknown => (isObject(x) && Object.keys(x).length === 0 ? undefined : x);
    for (const f of CRD_VERSION_FIELDS)
      check(`spec.versions[${String(v.name)}].${f}`, emptyIsAbsent(v[f]), emptyIsAbsent(t[f]));
  }
  return diffs;
}
