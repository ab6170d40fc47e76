// Grafana's dashboard schema as an oracle for the grafana/v1 dashboards. A small Go program of ours
// (schema-validator/: github.com/grafana/grafana-foundation-sdk/go, whose types are generated from the
// dashboard kind of grafana/grafana) decodes each dashboard strictly (an unknown field, a wrong type or a
// missing required field fails; panel options and field config by panel type, queries by data source) and
// runs the schema's constraints. The binary is built once per source hash into the user cache dir, from
// the Go module proxy; without Go the tier is skipped with the reason.
import { execa } from 'execa';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliOk } from '../helpers/cli.js';
import { goldenRoot } from '../helpers/paths.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

const validatorDir = fileURLToPath(new URL('./schema-validator/', import.meta.url));
const GOLDEN = ['controller-runtime-metrics.json', 'controller-resources-metrics.json'].map((f) =>
  join(goldenRoot, 'mesh', 'grafana', f),
);

async function goVersion(): Promise<string | undefined> {
  const r = await execa('go', ['version'], { reject: false, stdin: 'ignore' }).catch(() => undefined);
  return r !== undefined && r.exitCode === 0 ? String(r.stdout) : undefined;
}

/** buildValidator builds schema-validator/ once per (SDK version, source) into the user cache dir. */
async function buildValidator(): Promise<string> {
  const sources = await Promise.all(
    ['go.mod', 'go.sum', 'main.go'].map((f) => readFile(join(validatorDir, f), 'utf8')),
  );
  const sdk = /github\.com\/grafana\/grafana-foundation-sdk\/go (v\S+)/.exec(sources[0] ?? '')?.[1] ?? 'unknown';
  const key = `sdk-${sdk}_${createHash('sha256').update(sources.join('\0')).digest('hex').slice(0, 12)}`;
  const root = join(
    process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
    'operator-ts',
    'grafana-schema-validator',
    key,
  );
  const bin = join(root, 'grafana-schema-validator');
  if (existsSync(bin)) return bin;
  await mkdir(root, { recursive: true });
  const tmp = `${bin}.${process.pid}.tmp`;
  const r = await execa('go', ['build', '-o', tmp, '.'], {
    cwd: validatorDir,
    reject: false,
    stdin: 'ignore',
    env: { GOFLAGS: '-mod=readonly' },
  });
  if (r.exitCode !== 0)
    throw new Error(
      `building ${validatorDir} failed (go build, module proxy ${process.env.GOPROXY ?? 'default'}):\n` +
        String(r.stderr),
    );
  await rename(tmp, bin);
  return bin;
}

/** validate returns, per file, the problems Grafana's schema finds in it. */
async function validate(bin: string, files: readonly string[]): Promise<Record<string, string[]>> {
  const r = await execa(bin, files, { reject: false, stdin: 'ignore' });
  if (r.exitCode !== 0) throw new Error(`${bin} exited ${r.exitCode}:\n${String(r.stderr)}`);
  return JSON.parse(String(r.stdout)) as Record<string, string[]>;
}

const go = await goVersion();
if (go === undefined)
  console.warn('e2e/grafana: skipping the Grafana schema tier: no `go` on PATH (install Go >= 1.24 to run it)');

describe.skipIf(go === undefined)(
  `Grafana's dashboard schema on the grafana/v1 dashboards${go === undefined ? ' (SKIPPED: no `go` on PATH)' : ''}`,
  () => {
    let bin = '';
    let work = '';
    beforeAll(async () => {
      bin = await buildValidator();
      work = await makeWorkdir('grafana-schema');
    });
    afterAll(async () => {
      if (work !== '') await removeWorkdir(work);
    });

    it('accepts the dashboards of golden project mesh', async () => {
      expect(await validate(bin, GOLDEN)).toEqual(Object.fromEntries(GOLDEN.map((f) => [f, []])));
    });

    it('accepts a custom-metrics dashboard of every metric type, with and without an expression', async () => {
      const dir = join(work, 'custom-operator');
      await mkdir(dir);
      await runCliOk(['init', '--domain', 'example.com', '--skip-install'], dir);
      await runCliOk(['edit', '--plugins', 'grafana/v1'], dir);
      await appendFile(
        join(dir, 'grafana/custom-metrics/config.yaml'),
        [
          '  - metric: custom_hits_total',
          '    type: counter',
          '  - metric: custom_backup_duration_seconds',
          '    type: histogram',
          '    unit: ms',
          '  - metric: custom_queue_size',
          '    type: gauge',
          '    expr: max(custom_queue_size{job="$job", namespace="$namespace"}) by (queue)',
          '    legend: "{{queue}}"',
          '',
        ].join('\n'),
      );
      await runCliOk(['edit', '--plugins', 'grafana/v1'], dir);
      const custom = join(dir, 'grafana/custom-metrics/custom-metrics-dashboard.json');
      expect(await validate(bin, [custom])).toEqual({ [custom]: [] });
    });

    it('negative control: refuses an unknown field, a wrong type and a query without expr', async () => {
      const dashboard = JSON.parse(await readFile(GOLDEN[0] ?? '', 'utf8')) as {
        panels: { gridPos: { w: unknown }; targets?: Record<string, unknown>[] }[];
        [key: string]: unknown;
      };
      dashboard['schemaVersions'] = 41;
      const panel = dashboard.panels[1];
      if (panel === undefined || panel.targets?.[0] === undefined)
        throw new Error('golden runtime dashboard has no first panel with a target');
      panel.gridPos.w = 'half';
      delete panel.targets[0]['expr'];
      const bad = join(work, 'bad.json');
      await writeFile(bad, JSON.stringify(dashboard));
      const problems = (await validate(bin, [bad]))[bad] ?? [];
      expect(problems.join('\n')).toMatch(/unexpected field 'schemaVersions'/);
      expect(problems.join('\n')).toMatch(/panels\[1\]\.gridPos\.w: json: cannot unmarshal string/);
      expect(problems.join('\n')).toMatch(/panels\[1\]\.targets\[0\]\.expr: required field is missing/);
    });
  },
);
