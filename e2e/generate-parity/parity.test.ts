import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { type AllowedDifference, ALLOWED_DIFFERENCES } from './allow-list.js';
import { type CompareResult, type JsonObject, type NodeDiff, compareCrdShell, compareSchemas } from './compare.js';
import { CONTROLLER_GEN_VERSION, ensureControllerGen, goAvailable } from './controller-gen.mjs';

// Parity with controller-gen: every folder of fixtures/ is the Go twin of the golden case of the same
// name in src/schema/testdata. controller-gen runs on the twin; its CRDs are compared with the committed
// golden output of operator-ts (which src/schema/golden.test.ts keeps equal to the generator's output).
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
const TESTDATA = fileURLToPath(new URL('../../src/schema/testdata', import.meta.url));
const run = promisify(execFile);

function hasGo(dir: string): boolean {
  return readdirSync(dir).some((f) => f.endsWith('.go') || (statSync(join(dir, f)).isDirectory() && hasGo(join(dir, f))));
}

const CASES = readdirSync(FIXTURES)
  .filter((n) => statSync(join(FIXTURES, n)).isDirectory() && hasGo(join(FIXTURES, n)))
  .sort();

/** crdOptions maps a golden case's options.json to controller-gen's crd generator options. */
function crdOptions(name: string): string {
  const opts = ['allowDangerousTypes=true'];
  const p = join(TESTDATA, name, 'options.json');
  if (existsSync(p)) {
    const o = JSON.parse(readFileSync(p, 'utf8')) as { maxDescLen?: number; embeddedObjectMeta?: boolean };
    if (o.maxDescLen !== undefined) opts.push(`maxDescLen=${o.maxDescLen}`);
    if (o.embeddedObjectMeta === true) opts.push('generateEmbeddedObjectMeta=true');
  }
  return `crd:${opts.join(',')}`;
}

/** readCrds reads the CRDs of a directory keyed by kind (file names follow the plural, which may differ). */
function readCrds(dir: string): Map<string, JsonObject> {
  const out = new Map<string, JsonObject>();
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.yaml')) continue;
    for (const doc of parseAllDocuments(readFileSync(join(dir, f), 'utf8'))) {
      const o = doc.toJS() as JsonObject | null;
      if (o?.kind === 'CustomResourceDefinition') out.set(String((o.spec as { names: { kind: string } }).names.kind), o);
    }
  }
  return out;
}

function allowed(name: string, d: NodeDiff): AllowedDifference | undefined {
  return ALLOWED_DIFFERENCES.find(
    (a) => (a.case === '*' || a.case === name) && (typeof a.keyword === 'string' ? a.keyword === d.keyword : a.keyword.test(d.keyword)) && (typeof a.path === 'string' ? a.path === d.path : a.path.test(d.path)),
  );
}

interface CaseOutcome {
  name: string;
  result: CompareResult;
  unexpected: string[];
}

const go = goAvailable();
if (!go.ok) process.stderr.write(`generate-parity: SKIPPED - ${go.reason}\n`);

describe.skipIf(!go.ok)(`parity with controller-gen ${CONTROLLER_GEN_VERSION}`, () => {
  const generated = new Map<string, { dir: string; error?: string }>();
  const outcomes: CaseOutcome[] = [];
  const usedAllowances = new Set<AllowedDifference>();
  let work = '';

  beforeAll(async () => {
    const cg = ensureControllerGen();
    if ('missing' in cg) throw new Error(`controller-gen is unavailable: ${cg.missing}`);
    work = mkdtempSync(join(tmpdir(), 'operator-ts-parity-'));
    // Two controller-gen processes at a time: each one is mostly package loading.
    const queue = [...CASES];
    const worker = async (): Promise<void> => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        const dir = join(work, name);
        try {
          await run(cg.path, [crdOptions(name), `paths=./${name}/...`, `output:crd:dir=${dir}`], { cwd: FIXTURES, maxBuffer: 64 * 1024 * 1024 });
          generated.set(name, { dir });
        } catch (e) {
          generated.set(name, { dir, error: String((e as { stderr?: string }).stderr ?? e) });
        }
      }
    };
    await Promise.all([worker(), worker()]);
  });

  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
    if (outcomes.length === 0) return;
    const desc = (d: { both: number; equal: number }): string => `${String(d.equal).padStart(5)} / ${String(d.both).padEnd(5)}`;
    const lines = outcomes.map((o) => `  ${o.name.padEnd(34)} ${String(o.result.matching).padStart(5)} / ${String(o.result.nodes).padEnd(5)}  ${desc(o.result.descriptions)} ${o.result.matching === o.result.nodes ? '' : `(differing: ${o.result.differingNodes.length})`}`);
    const total = outcomes.reduce((a, o) => ({ m: a.m + o.result.matching, n: a.n + o.result.nodes, both: a.both + o.result.descriptions.both, equal: a.equal + o.result.descriptions.equal }), { m: 0, n: 0, both: 0, equal: 0 });
    const pct = (a: number, b: number): string => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
    process.stdout.write(
      `\ncontroller-gen ${CONTROLLER_GEN_VERSION} parity: matching schema nodes / all nodes, equal descriptions / nodes both describe\n${lines.join('\n')}\n  ${'TOTAL'.padEnd(34)} ${String(total.m).padStart(5)} / ${String(total.n).padEnd(5)}  ${desc(total)} (schema ${pct(total.m, total.n)}, descriptions ${pct(total.equal, total.both)})\n`,
    );
  });

  it('has at least 25 Go twins of golden cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
    for (const name of CASES) expect(existsSync(join(TESTDATA, name, 'expected')), `${name} has no golden case`).toBe(true);
  });

  for (const name of CASES) {
    it(name, () => {
      const g = generated.get(name);
      expect(g?.error, `controller-gen failed on fixtures/${name}`).toBeUndefined();
      const theirs = readCrds((g as { dir: string }).dir);
      const ours = readCrds(join(TESTDATA, name, 'expected'));
      expect([...ours.keys()].sort(), 'CRD kinds').toEqual([...theirs.keys()].sort());
      const result: CompareResult = { nodes: 0, matching: 0, differingNodes: [], diffs: [], descriptions: { both: 0, equal: 0 } };
      for (const [kind, o] of ours) {
        const t = theirs.get(kind) as JsonObject;
        result.diffs.push(...compareCrdShell(o, t));
        const tv = (t.spec as { versions: JsonObject[] }).versions;
        for (const v of (o.spec as { versions: JsonObject[] }).versions) {
          const other = tv.find((x) => x.name === v.name);
          const schemaOf = (x: JsonObject | undefined): JsonObject | undefined => (x?.schema as { openAPIV3Schema?: JsonObject } | undefined)?.openAPIV3Schema;
          const r = compareSchemas(schemaOf(v), schemaOf(other), ours.size > 1 || tv.length > 1 ? `<${kind}/${String(v.name)}>` : '');
          result.nodes += r.nodes;
          result.matching += r.matching;
          result.differingNodes.push(...r.differingNodes);
          result.diffs.push(...r.diffs);
          result.descriptions.both += r.descriptions.both;
          result.descriptions.equal += r.descriptions.equal;
        }
      }
      const unexpected: string[] = [];
      for (const d of result.diffs) {
        const a = allowed(name, d);
        if (a !== undefined) usedAllowances.add(a);
        else unexpected.push(`${d.path} ${d.keyword}: operator-ts=${JSON.stringify(d.ours)} controller-gen=${JSON.stringify(d.theirs)}`);
      }
      outcomes.push({ name, result, unexpected });
      expect(unexpected, `differences from controller-gen not in allow-list.ts`).toEqual([]);
    });
  }

  it('has no stale allow-list entries', () => {
    const stale = ALLOWED_DIFFERENCES.filter((a) => !usedAllowances.has(a)).map((a) => `${a.case} ${String(a.path)} ${a.keyword}`);
    expect(stale).toEqual([]);
  });
});
