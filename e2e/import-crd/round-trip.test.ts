// `generate crd` over imported types reproduces the original CRD: 100 % of the schema nodes of every CRD
// in the project's own goldens (src/schema/testdata/**/expected, e2e/golden/**/config/crd/bases), and
// >= 99 % on a hand-made corpus of constructs controller-gen never writes (testdata/corpus) together with
// real third-party CRDs (testdata/third-party: Gateway API HTTPRoute, ServiceMonitor, Istio VirtualService).
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/paths.js';
import { type RoundTrip, roundTrip } from './round-trip.js';

const WORK = join(repoRoot, 'e2e/.work/import-round-trip');
const GOLDENS = [
  ...globSync('src/schema/testdata/*/expected/*.yaml', { cwd: repoRoot }),
  ...globSync('e2e/golden/*/config/crd/bases/*.yaml', { cwd: repoRoot }),
].sort();
const CORPUS = globSync('e2e/import-crd/testdata/**/*.yaml', { cwd: repoRoot }).sort();

function isCrdFile(file: string): boolean {
  return readFileSync(join(repoRoot, file), 'utf8').includes('kind: CustomResourceDefinition');
}

const totals = new Map<string, { matching: number; nodes: number }>();

function record(tier: string, r: RoundTrip): void {
  const t = totals.get(tier) ?? { matching: 0, nodes: 0 };
  t.matching += r.result.matching;
  t.nodes += r.result.nodes;
  totals.set(tier, t);
}

afterAll(() => {
  for (const [tier, t] of totals)
    process.stdout.write(
      `import crd round trip (${tier}): ${t.matching} / ${t.nodes} schema nodes (${((100 * t.matching) / t.nodes).toFixed(2)}%)\n`,
    );
});

describe('round trip of the project goldens', () => {
  const files = GOLDENS.filter(isCrdFile);
  it('finds the golden CRDs', () => expect(files.length).toBeGreaterThan(60));
  it.each(files)('%s', async (file) => {
    const r = await roundTrip(file, readFileSync(join(repoRoot, file), 'utf8'), WORK);
    record('goldens', r);
    expect(r.result.diffs).toEqual([]);
    expect(r.shell).toEqual([]);
  });
});

describe('round trip of the corpus', () => {
  const outcomes: RoundTrip[] = [];
  it.each(CORPUS)('%s', async (file) => {
    const r = await roundTrip(file, readFileSync(join(repoRoot, file), 'utf8'), WORK);
    record('corpus', r);
    outcomes.push(r);
    expect(r.result.nodes).toBeGreaterThan(0);
  });
  it('matches at least 99 % of the schema nodes', () => {
    const t = totals.get('corpus') ?? { matching: 0, nodes: 1 };
    const diffs = outcomes.flatMap((o) => o.result.diffs.map((d) => `${d.path} ${d.keyword}`));
    expect(t.matching / t.nodes, diffs.join('\n')).toBeGreaterThanOrEqual(0.99);
  });
});
