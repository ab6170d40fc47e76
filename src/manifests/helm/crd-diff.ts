// How far apart two sets of CRDs are, in semver terms: a change that can break a client or a stored
// object (a removed or retyped field, a removed version, validation that refuses what it accepted) is
// major; one that only accepts more (a new optional field or version, wider validation) is minor; any
// other change is a patch. Each finding names the CRD, the version and the field.

/** Bump is a semver increment. */
export type Bump = 'major' | 'minor' | 'patch';

/** Finding is one API change between two CRDs and the bump it asks for. */
export interface Finding {
  readonly bump: Bump;
  /** `<crd name>` or `<crd name> <version> <field path>`. */
  readonly where: string;
  readonly reason: string;
}

type Obj = Readonly<Record<string, unknown>>;

const RANK: Readonly<Record<Bump, number>> = { patch: 0, minor: 1, major: 2 };

/** maxBump is the largest bump of the findings (patch when there are none). */
export function maxBump(findings: readonly Finding[]): Bump {
  return findings.reduce<Bump>((acc, f) => (RANK[f.bump] > RANK[acc] ? f.bump : acc), 'patch');
}

/** bumpAtLeast tells whether bump `a` is at least `b`. */
export function bumpAtLeast(a: Bump, b: Bump): boolean {
  return RANK[a] >= RANK[b];
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Obj => (isObj(v) ? v : {});
const json = (v: unknown): string => JSON.stringify(v);

/** A bound that refuses more when it grows (minimum) or when it shrinks (maximum). */
const LOWER_BOUNDS = ['minimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

class SchemaDiff {
  readonly findings: Finding[] = [];
  constructor(private readonly prefix: string) {}

  private add(bump: Bump, path: string, reason: string): void {
    this.findings.push({ bump, where: `${this.prefix} ${path === '' ? '.' : path}`, reason });
  }

  compare(a: Obj, b: Obj, path: string): void {
    if (a['type'] !== b['type'])
      this.add('major', path, `retyped from ${json(a['type'] ?? 'any')} to ${json(b['type'] ?? 'any')}`);
    this.bounds(a, b, path);
    this.enums(a, b, path);
    this.keyword(a, b, path, 'pattern');
    this.keyword(a, b, path, 'format');
    this.flags(a, b, path);
    this.rules(a, b, path);
    if (json(a['default']) !== json(b['default']))
      this.add('minor', path, `default ${json(a['default'] ?? null)} -> ${json(b['default'] ?? null)}`);
    this.properties(a, b, path);
    if (isObj(a['items']) && isObj(b['items'])) this.compare(a['items'], b['items'], `${path}[]`);
    if (isObj(a['additionalProperties']) && isObj(b['additionalProperties']))
      this.compare(a['additionalProperties'], b['additionalProperties'], `${path}[*]`);
    else if (isObj(a['additionalProperties']) && !isObj(b['additionalProperties']))
      this.add('major', path, 'map values no longer allowed');
  }

  private properties(a: Obj, b: Obj, path: string): void {
    const pa = obj(a['properties']);
    const pb = obj(b['properties']);
    const ra = new Set(Array.isArray(a['required']) ? (a['required'] as string[]) : []);
    const rb = new Set(Array.isArray(b['required']) ? (b['required'] as string[]) : []);
    for (const key of Object.keys(pa)) {
      const p = `${path}.${key}`;
      if (!(key in pb)) this.add('major', p, 'field removed');
      else {
        if (!ra.has(key) && rb.has(key)) this.add('major', p, 'optional field made required');
        if (ra.has(key) && !rb.has(key)) this.add('minor', p, 'required field made optional');
        this.compare(obj(pa[key]), obj(pb[key]), p);
      }
    }
    for (const key of Object.keys(pb))
      if (!(key in pa))
        this.add(
          rb.has(key) ? 'major' : 'minor',
          `${path}.${key}`,
          rb.has(key) ? 'new required field' : 'new optional field',
        );
  }

  private bounds(a: Obj, b: Obj, path: string): void {
    for (const [keys, narrower] of [
      [LOWER_BOUNDS, (x: number, y: number) => y > x],
      [UPPER_BOUNDS, (x: number, y: number) => y < x],
    ] as const)
      for (const k of keys) {
        const x = a[k];
        const y = b[k];
        if (x === y) continue;
        if (typeof y === 'number' && (typeof x !== 'number' || narrower(x, y)))
          this.add('major', path, `narrowed validation: ${k} ${json(x ?? null)} -> ${y}`);
        else this.add('minor', path, `widened validation: ${k} ${json(x ?? null)} -> ${json(y ?? null)}`);
      }
    for (const k of ['exclusiveMinimum', 'exclusiveMaximum'] as const)
      if (a[k] !== true && b[k] === true) this.add('major', path, `narrowed validation: ${k} set`);
      else if (a[k] === true && b[k] !== true) this.add('minor', path, `widened validation: ${k} unset`);
  }

  private enums(a: Obj, b: Obj, path: string): void {
    const ea = Array.isArray(a['enum']) ? a['enum'].map(json) : undefined;
    const eb = Array.isArray(b['enum']) ? b['enum'].map(json) : undefined;
    if (ea === undefined && eb === undefined) return;
    if (ea === undefined) return this.add('major', path, `narrowed validation: values limited to ${eb!.join(', ')}`);
    if (eb === undefined) return this.add('minor', path, 'widened validation: any value allowed');
    for (const v of ea) if (!eb.includes(v)) this.add('major', path, `enum value ${v} removed`);
    for (const v of eb) if (!ea.includes(v)) this.add('minor', path, `enum value ${v} added`);
  }

  private keyword(a: Obj, b: Obj, path: string, key: 'pattern' | 'format'): void {
    if (a[key] === b[key]) return;
    if (b[key] === undefined) this.add('minor', path, `widened validation: ${key} ${json(a[key])} removed`);
    else this.add('major', path, `narrowed validation: ${key} ${json(a[key] ?? null)} -> ${json(b[key])}`);
  }

  private flags(a: Obj, b: Obj, path: string): void {
    if (a['nullable'] === true && b['nullable'] !== true) this.add('major', path, 'null no longer allowed');
    if (a['nullable'] !== true && b['nullable'] === true) this.add('minor', path, 'null allowed');
    if (a['x-kubernetes-preserve-unknown-fields'] === true && b['x-kubernetes-preserve-unknown-fields'] !== true)
      this.add('major', path, 'unknown fields no longer kept');
    if ((a['x-kubernetes-list-type'] ?? 'atomic') !== (b['x-kubernetes-list-type'] ?? 'atomic'))
      this.add(
        'major',
        path,
        `list type ${json(a['x-kubernetes-list-type'] ?? 'atomic')} -> ${json(b['x-kubernetes-list-type'] ?? 'atomic')}`,
      );
    if (json(a['x-kubernetes-list-map-keys']) !== json(b['x-kubernetes-list-map-keys']))
      this.add(
        'major',
        path,
        `list map keys ${json(a['x-kubernetes-list-map-keys'] ?? null)} -> ${json(b['x-kubernetes-list-map-keys'] ?? null)}`,
      );
  }

  private rules(a: Obj, b: Obj, path: string): void {
    const rule = (r: unknown): string => String(obj(r)['rule']);
    const ra = Array.isArray(a['x-kubernetes-validations']) ? a['x-kubernetes-validations'].map(rule) : [];
    const rb = Array.isArray(b['x-kubernetes-validations']) ? b['x-kubernetes-validations'].map(rule) : [];
    for (const r of rb) if (!ra.includes(r)) this.add('major', path, `narrowed validation: new rule ${json(r)}`);
    for (const r of ra) if (!rb.includes(r)) this.add('minor', path, `widened validation: rule ${json(r)} removed`);
  }
}

function servedVersions(crd: Obj): Map<string, Obj> {
  const versions = Array.isArray(obj(crd['spec'])['versions']) ? (obj(crd['spec'])['versions'] as unknown[]) : [];
  return new Map(
    versions
      .filter(isObj)
      .filter((v) => v['served'] !== false)
      .map((v) => [String(v['name']), v]),
  );
}

/** compareCrd lists the API changes from one CRD to its next revision. */
export function compareCrd(name: string, before: Obj, after: Obj): Finding[] {
  const out: Finding[] = [];
  const sa = obj(before['spec']);
  const sb = obj(after['spec']);
  if (sa['scope'] !== sb['scope'])
    out.push({ bump: 'major', where: name, reason: `scope ${json(sa['scope'])} -> ${json(sb['scope'])}` });
  for (const key of ['kind', 'plural', 'listKind', 'singular'] as const)
    if (obj(sa['names'])[key] !== obj(sb['names'])[key])
      out.push({
        bump: 'major',
        where: name,
        reason: `names.${key} ${json(obj(sa['names'])[key])} -> ${json(obj(sb['names'])[key])}`,
      });
  const va = servedVersions(before);
  const vb = servedVersions(after);
  for (const [v, a] of va) {
    const b = vb.get(v);
    if (b === undefined) {
      out.push({ bump: 'major', where: `${name} ${v}`, reason: 'version removed (or no longer served)' });
      continue;
    }
    for (const sub of ['status', 'scale'] as const) {
      const had = sub in obj(a['subresources']);
      const has = sub in obj(b['subresources']);
      if (had && !has) out.push({ bump: 'major', where: `${name} ${v}`, reason: `${sub} subresource removed` });
      if (!had && has) out.push({ bump: 'minor', where: `${name} ${v}`, reason: `${sub} subresource added` });
    }
    const diff = new SchemaDiff(`${name} ${v}`);
    diff.compare(obj(obj(a['schema'])['openAPIV3Schema']), obj(obj(b['schema'])['openAPIV3Schema']), '');
    out.push(...diff.findings);
  }
  for (const v of vb.keys())
    if (!va.has(v)) out.push({ bump: 'minor', where: `${name} ${v}`, reason: 'version added' });
  if (out.length === 0 && json(before) !== json(after))
    out.push({
      bump: 'patch',
      where: name,
      reason: 'changed without an API change (descriptions, printer columns, ...)',
    });
  return out;
}

/** compareCrdSets lists the API changes between two sets of CRDs keyed by name. */
export function compareCrdSets(before: ReadonlyMap<string, Obj>, after: ReadonlyMap<string, Obj>): Finding[] {
  const out: Finding[] = [];
  for (const [name, crd] of before) {
    const next = after.get(name);
    if (next === undefined) out.push({ bump: 'major', where: name, reason: 'CRD removed' });
    else out.push(...compareCrd(name, crd, next));
  }
  for (const name of after.keys()) if (!before.has(name)) out.push({ bump: 'minor', where: name, reason: 'CRD added' });
  return out;
}
