// The upstream OLM validators as an oracle for operator-ts output. A small Go program of ours
// (validator/: operator-framework/api v0.34.0 and operator-registry v1.59.0, the versions operator-sdk
// v1.42 pins) runs `validation.DefaultBundleValidators` plus the operatorframework suite on the golden
// bundles, and operator-registry's `opm validate` logic (pkg/lib/config.Validate: declcfg load + model
// validation) on the golden catalog. The binary is built once per source hash into the user cache dir;
// without Go the tier is skipped with the reason.
import { execa } from 'execa';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenOlm } from '../helpers/bundle.js';
import { runCli } from '../helpers/cli.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

const validatorDir = fileURLToPath(new URL('./validator/', import.meta.url));
const BUNDLES = { 'bundle-0.1.0': join(goldenOlm, 'bundle-0.1.0', 'bundle'), 'catalog bundle 0.2.0': join(goldenOlm, 'catalog', 'bundles', '0.2.0') };
const CATALOG = join(goldenOlm, 'catalog', 'catalog');

interface UpstreamFinding {
  validator: string;
  object: string;
  level: string;
  type: string;
  detail: string;
}
interface UpstreamReport {
  errors: UpstreamFinding[];
  warnings: UpstreamFinding[];
}
interface OurFinding {
  check: string;
  severity: 'error' | 'warning';
  message: string;
}

/**
 * UPSTREAM_WARNINGS explains every warning upstream gives on the golden bundles; `ours` names our check
 * that reports the same thing (it must fire too), `why` says why the warning is expected.
 */
const UPSTREAM_WARNINGS: { upstream: RegExp; ours: string; why: string }[] = [
  {
    // Reported twice upstream: by alpha-deprecated-apis and again by operatorhubv2, which embeds it.
    upstream: /deprecated and removed in v1\.25.*Migrate the API\(s\) for events: .*Permissions\[0\]\.Rules\[3\]/,
    ours: 'deprecated-api-permissions',
    why:
      'The leader-election Role lets the runtime write events.k8s.io/v1 Events. RBAC rules carry no version, so upstream ' +
      '(removed_apis.go, permCheck) warns for any rule on a group/resource that once had a version removed in 1.25.',
  },
];

/** OUR_EXTRA_WARNINGS explains warnings we give that upstream does not. */
const OUR_EXTRA_WARNINGS: Record<string, string> = {
  'gp-channel-naming':
    'Upstream good-practices checks channel names too (good_practices.go, validateHubChannels), but operator-sdk loads ' +
    'only manifests/, so the bundle has no channels and the check never fires; we read metadata/annotations.yaml, ' +
    'where make bundle writes "alpha".',
};

function cacheRoot(): string {
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'operator-ts', 'olm-upstream-validator');
}

async function goVersion(): Promise<string | undefined> {
  const r = await execa('go', ['version'], { reject: false, stdin: 'ignore' }).catch(() => undefined);
  return r !== undefined && r.exitCode === 0 ? String(r.stdout) : undefined;
}

/** buildValidator builds validator/ once per (module versions, source) into the user cache dir. */
async function buildValidator(): Promise<string> {
  const sources = await Promise.all(['go.mod', 'go.sum', 'main.go'].map((f) => readFile(join(validatorDir, f), 'utf8')));
  const versions = /github\.com\/operator-framework\/api (v\S+)[\s\S]*github\.com\/operator-framework\/operator-registry (v\S+)/.exec(sources[0] ?? '');
  const key = `api-${versions?.[1] ?? 'unknown'}_registry-${versions?.[2] ?? 'unknown'}_${createHash('sha256').update(sources.join('\0')).digest('hex').slice(0, 12)}`;
  const bin = join(cacheRoot(), key, 'olm-upstream-validator');
  if (existsSync(bin)) return bin;
  await mkdir(join(cacheRoot(), key), { recursive: true });
  const tmp = `${bin}.${process.pid}.tmp`;
  const r = await execa('go', ['build', '-o', tmp, '.'], { cwd: validatorDir, reject: false, stdin: 'ignore', env: { GOFLAGS: '-mod=readonly' } });
  if (r.exitCode !== 0) throw new Error(`building ${validatorDir} failed (go build, module proxy ${process.env.GOPROXY ?? 'default'}):\n${String(r.stderr)}`);
  await rename(tmp, bin);
  return bin;
}

async function upstream(bin: string, ...args: string[]): Promise<UpstreamReport> {
  const r = await execa(bin, args, { reject: false, stdin: 'ignore' });
  if (r.exitCode !== 0) throw new Error(`${bin} ${args.join(' ')} exited ${r.exitCode}:\n${String(r.stderr)}`);
  return JSON.parse(String(r.stdout)) as UpstreamReport;
}

async function ours(dir: string): Promise<OurFinding[]> {
  const r = await runCli(['bundle', 'validate', dir, '--select-optional', 'suite=operatorframework', '-o', 'json'], dir);
  return (JSON.parse(r.stdout) as { findings: OurFinding[] }).findings;
}

const go = await goVersion();
if (go === undefined) console.warn('e2e/olm-upstream: skipping the upstream validator tier: no `go` on PATH (install Go >= 1.24 to run it)');

describe.skipIf(go === undefined)(`upstream OLM validators on the golden bundles and catalog${go === undefined ? ' (SKIPPED: no `go` on PATH; install Go to run this tier)' : ''}`, () => {
  let bin = '';
  let work = '';
  beforeAll(async () => {
    bin = await buildValidator();
    work = await makeWorkdir('olm-upstream');
  });
  afterAll(async () => {
    if (work !== '') await removeWorkdir(work);
  });

  for (const [name, dir] of Object.entries(BUNDLES)) {
    it(`${name}: no upstream errors; every upstream warning is one of ours or explained`, async () => {
      const report = await upstream(bin, 'bundle', '-suite', dir);
      expect(report.errors).toEqual([]);
      const mine = await ours(dir);
      expect(mine.filter((f) => f.severity === 'error')).toEqual([]);
      for (const w of report.warnings) {
        const known = UPSTREAM_WARNINGS.find((e) => e.upstream.test(w.detail));
        expect(known, `unexplained upstream warning from ${w.validator}: ${w.detail}`).toBeDefined();
        expect(mine.map((f) => f.check), `upstream warns "${w.detail}"; our ${known?.ours} should too`).toContain(known?.ours);
      }
      for (const f of mine.filter((m) => m.severity === 'warning')) {
        const matched = UPSTREAM_WARNINGS.some((e) => e.ours === f.check && report.warnings.some((w) => e.upstream.test(w.detail)));
        expect(matched || OUR_EXTRA_WARNINGS[f.check] !== undefined, `our warning ${f.check} (${f.message}) has no upstream counterpart or explanation`).toBe(true);
      }
    });
  }

  it('the golden catalog passes opm validation', async () => {
    expect(await upstream(bin, 'catalog', CATALOG)).toEqual({ errors: [], warnings: [] });
  });

  it('negative controls: a CSV owning the wrong kind and a stranded catalog entry fail upstream and ours alike', async () => {
    const bundle = join(work, 'bad-bundle');
    await cp(BUNDLES['bundle-0.1.0'], bundle, { recursive: true });
    const csvPath = join(bundle, 'manifests', 'memcached-operator.clusterserviceversion.yaml');
    const csv = await readFile(csvPath, 'utf8');
    const owned = '      kind: Memcached\n      name: memcacheds.cache.example.com';
    expect(csv).toContain(owned);
    await writeFile(csvPath, csv.replace(owned, '      kind: Widget\n      name: memcacheds.cache.example.com'));
    const up = await upstream(bin, 'bundle', bundle);
    expect(up.errors.map((e) => e.detail)).toEqual(
      expect.arrayContaining([expect.stringMatching(/owned CRD .*Kind=Widget.* not found in bundle/), expect.stringMatching(/Kind=Memcached.* is present in bundle .* but not defined in CSV/)]),
    );
    expect((await ours(bundle)).filter((f) => f.severity === 'error').map((f) => f.check)).toEqual(
      expect.arrayContaining(['bundle-owned-crd-missing', 'bundle-crd-not-owned']),
    );

    const catalog = join(work, 'bad-catalog');
    await cp(CATALOG, catalog, { recursive: true });
    const index = join(catalog, 'memcached-operator', 'index.yaml');
    const text = await readFile(index, 'utf8');
    expect(text).toMatch(/\n\s+replaces: memcached-operator\.v0\.1\.0/);
    await writeFile(index, text.replace(/\n\s+replaces: memcached-operator\.v0\.1\.0/, ''));
    expect((await upstream(bin, 'catalog', catalog)).errors[0]?.detail).toMatch(/memcached-operator/);
    expect((await runCli(['catalog', 'validate', catalog], tmpdir())).exitCode).toBe(1);
  });
});

