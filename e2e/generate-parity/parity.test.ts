import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { type AllowedDifference, ALLOWED_DIFFERENCES } from './allow-list.js';
import {
  type CompareResult,
  type JsonObject,
  type NodeDiff,
  addResult,
  compareCrdShell,
  compareSchemas,
  emptyResult,
} from './compare.js';
import { CONTROLLER_GEN_VERSION, ensureControllerGen, goAvailable } from './controller-gen.mjs';

// Parity with controller-gen: every folder of fixtures/ is the Go twin of the golden case of the same
// name in src/schema/testdata. controller-gen runs on the twin; its CRDs are compared with the committed
// golden output of operator-ts (which src/schema/golden.test.ts keeps equal to the generator's output).
const FIXTURES = fileURLToPath(new URL('./fixtures', import.meta.url));
const TESTDATA = fileURLToPath(new URL('../../src/schema/testdata', import.meta.url));
const run = promisify(execFile);

function hasGo(dir: string): boolean {
  return readdirSync(dir).some(
    (f) => f.endsWith('.go') || (statSync(join(dir, f)).isDirectory() && hasGo(join(dir, f))),
  );
}

const CASES = readdirSync(FIXTURES)
  .filter((n) => statSync(join(FIXTURES, n)).isDirectory() && hasGo(join(FIXTURES, n)))
  .sort();

/** Below this share of equal descriptions (over all twins, where both sides have one) the tier fails. */
const MIN_EQUAL_DESCRIPTIONS = 0.99;

/**
 * crdOptions maps a golden case's options.json to controller-gen's crd generator options.
 * ignoreUnexportedFields: a Go twin's unexported fields stand for ES private fields (`#x`), which
 * JSON.stringify leaves out, as encoding/json leaves out unexported fields.
 */
function crdOptions(name: string): string {
  const opts = ['allowDangerousTypes=true', 'ignoreUnexportedFields=true'];
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
      if (o?.kind === 'CustomResourceDefinition')
        out.set(String((o.spec as { names: { kind: string } }).names.kind), o);
    }
  }
  return out;
}

function allowed(name: string, d: NodeDiff): AllowedDifference | undefined {
  return ALLOWED_DIFFERENCES.find(
    (a) =>
      (a.case === '*' || a.case === name) &&
      (typeof a.keyword === 'string' ? a.keyword === d.keyword : a.keyword.test(d.keyword)) &&
      (typeof a.path === 'string' ? a.path === d.path : a.path.test(d.path)),
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
          await run(cg.path, [crdOptions(name), `paths=./${name}/...`, `output:crd:dir=${dir}`], {
            cwd: FIXTURES,
            maxBuffer: 64 * 1024 * 1024,
          });
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
    const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
    const lines = outcomes.map((o) => {
      const r = o.result;
      const nodes = `${String(r.matching).padStart(5)} / ${String(r.nodes).padEnd(5)}`;
      const desc = `${String(r.descriptions.equal).padStart(5)} / ${String(r.descriptions.both).padEnd(5)}`;
      return `  ${o.name.padEnd(34)} ${nodes} ${desc} ${r.matching === r.nodes ? '' : `(differing nodes: ${r.differingNodes.length})`}`;
    });
    const total = emptyResult();
    for (const o of outcomes) addResult(total, o.result);
    const header = `  ${'case'.padEnd(34)} ${'schema nodes'.padEnd(13)} descriptions`;
    const sum = `  ${'TOTAL'.padEnd(34)} ${String(total.matching).padStart(5)} / ${total.nodes} (${pct(total.matching, total.nodes)})  ${total.descriptions.equal} / ${total.descriptions.both} (${pct(total.descriptions.equal, total.descriptions.both)})`;
    process.stdout.write(
      `\ncontroller-gen ${CONTROLLER_GEN_VERSION} parity: matching schema nodes / all nodes, equal descriptions / nodes where both have one\n${header}\n${lines.join('\n')}\n${sum}\n`,
    );
    // PARITY_DESCRIPTIONS=<file> writes every differing description there (too many for the console).
    const report = process.env.PARITY_DESCRIPTIONS;
    if (report !== undefined && report !== '') {
      const text = outcomes.flatMap((o) =>
        o.result.descriptions.differing.map(
          (d) =>
            `${o.name} ${d.path}\n  operator-ts:    ${JSON.stringify(d.ours)}\n  controller-gen: ${JSON.stringify(d.theirs)}\n`,
        ),
      );
      writeFileSync(report, text.join(''));
    }
  });

  it('has at least 25 Go twins of golden cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
    for (const name of CASES)
      expect(existsSync(join(TESTDATA, name, 'expected')), `${name} has no golden case`).toBe(true);
  });

  for (const name of CASES) {
    it(name, () => {
      const g = generated.get(name);
      expect(g?.error, `controller-gen failed on fixtures/${name}`).toBeUndefined();
      const theirs = readCrds((g as { dir: string }).dir);
      const ours = readCrds(join(TESTDATA, name, 'expected'));
      const result = emptyResult();
      const schemaOf = (x: JsonObject | undefined): JsonObject | undefined =>
        (x?.schema as { openAPIV3Schema?: JsonObject } | undefined)?.openAPIV3Schema;
      const versionsOf = (crd: JsonObject | undefined): JsonObject[] =>
        (crd?.spec as { versions?: JsonObject[] } | undefined)?.versions ?? [];
      // A CRD or version one side lacks counts all of its nodes as differing, so a refusal shows in the figures.
      const kinds = [...new Set([...ours.keys(), ...theirs.keys()])].sort();
      for (const kind of kinds) {
        const o = ours.get(kind);
        const t = theirs.get(kind);
        if (o !== undefined && t !== undefined) result.diffs.push(...compareCrdShell(o, t));
        const names = [...new Set([...versionsOf(o), ...versionsOf(t)].map((v) => String(v.name)))];
        const prefixed = kinds.length > 1 || names.length > 1;
        for (const v of names) {
          const r = compareSchemas(
            schemaOf(versionsOf(o).find((x) => x.name === v)),
            schemaOf(versionsOf(t).find((x) => x.name === v)),
            prefixed ? `<${kind}/${v}>` : '',
          );
          addResult(result, r);
        }
      }
      outcomes.push({ name, result, unexpected: [] });
      expect([...ours.keys()].sort(), 'CRD kinds').toEqual([...theirs.keys()].sort());
      const unexpected: string[] = [];
      for (const d of result.diffs) {
        const a = allowed(name, d);
        if (a !== undefined) usedAllowances.add(a);
        else
          unexpected.push(
            `${d.path} ${d.keyword}: operator-ts=${JSON.stringify(d.ours)} controller-gen=${JSON.stringify(d.theirs)}`,
          );
      }
      (outcomes[outcomes.length - 1] as CaseOutcome).unexpected = unexpected;
      expect(unexpected, `differences from controller-gen not in allow-list.ts`).toEqual([]);
    });
  }

  it(`has at least ${MIN_EQUAL_DESCRIPTIONS * 100} % equal descriptions over all twins`, () => {
    const both = outcomes.reduce((n, o) => n + o.result.descriptions.both, 0);
    const equal = outcomes.reduce((n, o) => n + o.result.descriptions.equal, 0);
    expect(
      equal / both,
      `${equal} of ${both} descriptions equal (PARITY_DESCRIPTIONS=<file> lists the others)`,
    ).toBeGreaterThanOrEqual(MIN_EQUAL_DESCRIPTIONS);
  });

  it('has no stale allow-list entries', () => {
    const stale = ALLOWED_DIFFERENCES.filter((a) => !usedAllowances.has(a)).map(
      (a) => `${a.case} ${String(a.path)} ${a.keyword}`,
    );
    expect(stale).toEqual([]);
  });
});
