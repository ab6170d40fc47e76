// `operator-ts chart version` in a git repository holding a generated chart (the committed golden chart
// of the single-group project): the check passes while the CRDs are unchanged, fails on a version that
// does not cover a CRD change, and --bump auto writes the version the change needs (minor for a new
// optional field, major for a removed one), from the chart at HEAD or at another revision or directory.
// A table then runs `--bump auto` over one CRD edit per rule and checks the bump and the reason printed.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliOk } from '../helpers/cli.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';

const goldenChart = fileURLToPath(new URL('../golden-helm/single-group/', import.meta.url));
const conversionChart = fileURLToPath(new URL('../golden-helm/conversion/', import.meta.url));
const CRD = 'dist/chart/templates/crd/memcacheds.cache.example.com.yaml';
const FOO =
  '              foo:\n                description: foo is an example field of Memcached. Edit memcached.types.ts to remove/update.\n                type: string\n';
const GIT_ENV = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};

describe('operator-ts chart version', () => {
  let dir = '';
  const git = async (...args: string[]): Promise<void> => {
    await execa('git', args, { cwd: dir, env: GIT_ENV, stdin: 'ignore' });
  };
  const version = async (): Promise<string> =>
    /^version: (.*)$/m.exec(await readFile(join(dir, 'dist/chart/Chart.yaml'), 'utf8'))?.[1] ?? '';
  const editCrd = async (from: string, to: string): Promise<void> => {
    const text = await readFile(join(dir, CRD), 'utf8');
    expect(text).toContain(from);
    await writeFile(join(dir, CRD), text.replace(from, to));
  };

  beforeAll(async () => {
    dir = await makeWorkdir('chart-version');
    await cp(goldenChart, join(dir, 'dist/chart'), { recursive: true });
    await git('init', '-q');
    await git('add', '.');
    await git('commit', '-qm', 'chart 0.0.1');
  });

  afterAll(async () => {
    if (dir !== '') await removeWorkdir(dir);
  });

  it('passes on an unchanged chart; a template change without a CRD change needs a patch bump', async () => {
    const r = await runCliOk(['chart', 'version'], dir);
    expect(r.stdout).toContain(
      'dist/chart/Chart.yaml: version 0.0.1; the chart is unchanged since dist/chart at HEAD (version 0.0.1)',
    );
    const notes = join(dir, 'dist/chart/templates/NOTES.txt');
    const original = await readFile(notes, 'utf8');
    await writeFile(notes, `${original}Thanks.\n`);
    const check = await runCli(['chart', 'version'], dir);
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toContain('the CRD changes since then need a patch bump (no API change)');
    expect(check.stderr).toContain('the patch bump from 0.0.1 is 0.0.2');
    await writeFile(notes, original);
  });

  it('a new optional field: the check fails at the version line, --bump auto makes it minor, once', async () => {
    await editCrd(FOO, `${FOO}              size:\n                format: int32\n                type: integer\n`);
    const check = await runCli(['chart', 'version'], dir);
    expect(check.exitCode).toBe(1);
    expect(check.stdout).toContain('  minor memcacheds.cache.example.com v1alpha1 .spec.size: new optional field');
    expect(check.stderr).toContain(
      'dist/chart/Chart.yaml:5: version 0.0.1 is not bumped enough: the minor bump from 0.0.1 is 0.1.0',
    );
    expect(check.stderr).toContain('operator-ts chart version --bump auto');
    await runCliOk(['chart', 'version', '--bump', 'auto'], dir);
    expect(await version()).toBe('0.1.0');
    const again = await runCliOk(['chart', 'version', '--bump', 'auto'], dir);
    expect(again.stdout).toContain('version 0.1.0 already covers it');
    expect(await version()).toBe('0.1.0');
    await runCliOk(['chart', 'version'], dir);
    await git('commit', '-qam', 'chart 0.1.0');
  });

  it('a removed field: a minor bump is refused with the reason, --bump auto makes it major', async () => {
    await editCrd(FOO, '');
    const minor = await runCli(['chart', 'version', '--bump', 'minor'], dir);
    expect(minor.exitCode).toBe(1);
    expect(minor.stderr).toContain(
      '--bump minor is too small: the CRD changes since dist/chart at HEAD (version 0.1.0) need a major bump',
    );
    expect(minor.stderr).toContain('major memcacheds.cache.example.com v1alpha1 .spec.foo: field removed');
    expect(await version()).toBe('0.1.0');
    const auto = await runCliOk(['chart', 'version', '--bump', 'auto'], dir);
    expect(auto.stdout).toContain('dist/chart/Chart.yaml: version 0.1.0 -> 1.0.0');
    expect(await version()).toBe('1.0.0');
    // Against the first commit the two changes together are still major.
    const first = await runCliOk(['chart', 'version', '--from', 'HEAD~1'], dir);
    expect(first.stdout).toContain(
      'dist/chart at HEAD~1 is version 0.0.1; the CRD changes since then need a major bump',
    );
    // Against a chart directory.
    const fromDir = await runCliOk(['chart', 'version', '--from', goldenChart], dir);
    expect(fromDir.stdout).toContain('version 1.0.0 covers it');
  });

  it('refuses a version that is not strict semver, a pre-release with --release, and an unknown revision', async () => {
    const chartYaml = join(dir, 'dist/chart/Chart.yaml');
    const original = await readFile(chartYaml, 'utf8');
    await writeFile(chartYaml, original.replace(/^version: .*$/m, 'version: v1.0'));
    const loose = await runCli(['chart', 'version'], dir);
    expect(loose.exitCode).toBe(1);
    expect(loose.stderr).toContain('dist/chart/Chart.yaml:5: version "v1.0" is not a strict semantic version');
    await writeFile(chartYaml, original.replace(/^version: .*$/m, 'version: 2.0.0-rc.1'));
    const pre = await runCli(['chart', 'version', '--release'], dir);
    expect(pre.exitCode).toBe(1);
    expect(pre.stderr).toContain('dist/chart/Chart.yaml:5: version 2.0.0-rc.1 is a pre-release');
    await writeFile(chartYaml, original);
    const ref = await runCli(['chart', 'version', '--from', 'no-such-tag'], dir);
    expect(ref.exitCode).toBe(1);
    expect(ref.stderr).toContain('--from no-such-tag: not a git revision');
  });

  it('refuses a Chart.yaml without appVersion, naming the file and the fix', async () => {
    const chartYaml = join(dir, 'dist/chart/Chart.yaml');
    const original = await readFile(chartYaml, 'utf8');
    expect(original).toMatch(/^appVersion: .*\n/m);
    await writeFile(chartYaml, original.replace(/^appVersion: .*\n/m, ''));
    for (const args of [
      ['chart', 'version'],
      ['chart', 'version', '--bump', 'auto'],
    ]) {
      const r = await runCli(args, dir);
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toContain('dist/chart/Chart.yaml:1: appVersion is missing');
      expect(r.stderr).toContain('set appVersion to the operator version the chart deploys (package.json version)');
    }
    expect(await readFile(chartYaml, 'utf8')).not.toContain('appVersion');
    await writeFile(chartYaml, original);
  });
});

/** Rule is one row of the bump table: an edit of a committed chart and what `--bump auto` must say. */
interface Rule {
  rule: string;
  chart: 'single-group' | 'conversion';
  file: string;
  edit: (text: string) => string;
  bump: 'major' | 'minor' | 'patch';
  /** The finding line printed for the change; none for a patch, which prints `(no API change)`. */
  reason?: string;
  version: string;
}

const MEMCACHED = 'templates/crd/memcacheds.cache.example.com.yaml';
const CRONJOB = 'templates/crd/cronjobs.jobs.example.com.yaml';
const at = (text: string, from: string, to: string): string => {
  expect(text).toContain(from);
  return text.replace(from, to);
};

const RULES: Rule[] = [
  {
    rule: 'a removed field',
    chart: 'single-group',
    file: MEMCACHED,
    edit: (t) => at(t, FOO, ''),
    bump: 'major',
    reason: '  major memcacheds.cache.example.com v1alpha1 .spec.foo: field removed',
    version: '1.0.0',
  },
  {
    rule: 'a retyped field',
    chart: 'single-group',
    file: MEMCACHED,
    edit: (t) => at(t, FOO, FOO.replace('type: string', 'type: integer')),
    bump: 'major',
    reason: '  major memcacheds.cache.example.com v1alpha1 .spec.foo: retyped from "string" to "integer"',
    version: '1.0.0',
  },
  {
    rule: 'narrowed validation',
    chart: 'single-group',
    file: MEMCACHED,
    edit: (t) => at(t, FOO, `${FOO.trimEnd()}\n                maxLength: 63\n`),
    bump: 'major',
    reason: '  major memcacheds.cache.example.com v1alpha1 .spec.foo: narrowed validation: maxLength null -> 63',
    version: '1.0.0',
  },
  {
    rule: 'a removed version',
    chart: 'conversion',
    file: CRONJOB,
    edit: (t) => t.replace(/\n {2}- name: v1\n[^]*?(?=\n {2}- name: v2\n)/, ''),
    bump: 'major',
    reason: '  major cronjobs.jobs.example.com v1: version removed (or no longer served)',
    version: '1.0.0',
  },
  {
    rule: 'an added optional field',
    chart: 'single-group',
    file: MEMCACHED,
    edit: (t) =>
      at(t, FOO, `${FOO}              size:\n                format: int32\n                type: integer\n`),
    bump: 'minor',
    reason: '  minor memcacheds.cache.example.com v1alpha1 .spec.size: new optional field',
    version: '0.1.0',
  },
  {
    rule: 'an added version',
    chart: 'single-group',
    file: MEMCACHED,
    edit: (t) => {
      const block = /\n( {2}- name: v1alpha1\n[^]*?storage: true\n(?: {4}.*\n)*)/.exec(t)?.[1] ?? '';
      expect(block).toContain('storage: true');
      return at(
        t,
        block,
        `${block}${block.replace('- name: v1alpha1', '- name: v1beta1').replace('storage: true', 'storage: false')}`,
      );
    },
    bump: 'minor',
    reason: '  minor memcacheds.cache.example.com v1beta1: version added',
    version: '0.1.0',
  },
  {
    rule: 'a description-only change',
    chart: 'single-group',
    file: MEMCACHED,
    edit: (t) => at(t, 'foo is an example field of Memcached.', 'foo is the example field of a Memcached.'),
    bump: 'patch',
    version: '0.0.2',
  },
  {
    rule: 'a template change',
    chart: 'single-group',
    file: 'templates/NOTES.txt',
    edit: (t) => `${t}Thanks for installing.\n`,
    bump: 'patch',
    version: '0.0.2',
  },
];

describe('chart version --bump auto: one CRD change per rule', () => {
  const dirs = new Map<string, string>();
  const git = async (cwd: string, ...args: string[]): Promise<void> => {
    await execa('git', args, { cwd, env: GIT_ENV, stdin: 'ignore' });
  };

  beforeAll(async () => {
    for (const [name, source] of [
      ['single-group', goldenChart],
      ['conversion', conversionChart],
    ] as const) {
      const dir = await makeWorkdir(`chart-bump-${name}`);
      await cp(source, join(dir, 'dist/chart'), { recursive: true });
      await git(dir, 'init', '-q');
      await git(dir, 'add', '.');
      await git(dir, 'commit', '-qm', 'chart 0.0.1');
      dirs.set(name, dir);
    }
  });

  afterAll(async () => {
    for (const dir of dirs.values()) await removeWorkdir(dir);
  });

  it.each(RULES)('$rule: $bump', async ({ chart, file, edit, bump, reason, version }) => {
    const dir = dirs.get(chart) ?? '';
    const path = join(dir, 'dist/chart', file);
    await writeFile(path, edit(await readFile(path, 'utf8')));
    try {
      const r = await runCliOk(['chart', 'version', '--bump', 'auto'], dir);
      const why = reason === undefined ? ' (no API change)\n' : `:\n${reason}\n`;
      expect(r.stdout).toContain(
        `dist/chart at HEAD is version 0.0.1; the CRD changes since then need a ${bump} bump${why}`,
      );
      // Only the rule's own finding: the edit changed nothing else.
      expect(r.stdout.split('\n').filter((l) => /^ {2}(major|minor) /.test(l))).toEqual(
        reason === undefined ? [] : [reason],
      );
      expect(r.stdout).toContain(`dist/chart/Chart.yaml: version 0.0.1 -> ${version}`);
      expect(/^version: (.*)$/m.exec(await readFile(join(dir, 'dist/chart/Chart.yaml'), 'utf8'))?.[1]).toBe(version);
    } finally {
      await git(dir, 'checkout', '--', '.');
    }
  });
});
