// The chart-version check `edit --plugins helm/v1` scaffolds into .github/workflows/chart.yml, run as
// GitHub Actions runs it: in a clone with the whole history (origin/main is there, as actions/checkout
// with fetch-depth 0 leaves it), each step's `run` script through bash, with the environment the step
// declares. A pull request that changes a CRD without bumping the chart fails, and passes once
// `chart version --bump auto` is committed; a push to main is checked against the commit before it and
// refuses a pre-release. The default `--from HEAD` in such a clone compares the chart with itself, and
// the command says so.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findKubectl } from '../helpers/bundle.js';
import { runCli, runCliOk } from '../helpers/cli.js';
import { cliBin } from '../helpers/paths.js';
import { makeWorkdir, removeWorkdir } from '../helpers/workdir.js';
import { chartProject } from './chart-helpers.js';

const kubectlFound = findKubectl();
const kubectl = 'kubectl' in kubectlFound ? kubectlFound.kubectl : undefined;
const skip = 'missing' in kubectlFound ? ` (SKIPPED: ${kubectlFound.missing})` : '';
const CRD = 'dist/chart/templates/crd/memcacheds.cache.example.com.yaml';
const FOO =
  '              foo:\n                description: foo is an example field of Memcached. Edit memcached.types.ts to remove/update.\n                type: string\n';
const GIT_ENV = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};

interface Step {
  if?: string;
  env?: Record<string, string>;
  run?: string;
}

describe.skipIf(kubectl === undefined)(`the scaffolded chart workflow, run as CI runs it${skip}`, () => {
  let work = '';
  let clone = '';
  let bin = '';
  const git = async (cwd: string, ...args: string[]): Promise<string> =>
    String((await execa('git', args, { cwd, env: GIT_ENV, stdin: 'ignore' })).stdout);

  /** step runs the `run` script of the step for `event` in the clone, with the environment GitHub would give it. */
  async function step(
    event: 'pull_request' | 'push',
    context: Record<string, string>,
  ): Promise<{ exitCode: number; output: string }> {
    const workflow = parse(await readFile(join(clone, '.github/workflows/chart.yml'), 'utf8')) as {
      jobs: Record<string, { steps: Step[] }>;
    };
    const found = Object.values(workflow.jobs)
      .flatMap((j) => j.steps)
      .find((s) => s.if === `github.event_name == '${event}'`);
    expect(found?.run, `a ${event} step`).toBeDefined();
    // `${{ github.<key> }}` in the step's env is what GitHub fills in from the event.
    const env = Object.fromEntries(
      Object.entries(found?.env ?? {}).map(([k, v]) => [
        k,
        v.replace(/^\$\{\{ github\.(\w+) \}\}$/, (_m, key: string) => context[key] ?? ''),
      ]),
    );
    const r = await execa('bash', ['-eo', 'pipefail', '-c', found?.run ?? ''], {
      cwd: clone,
      reject: false,
      stdin: 'ignore',
      all: true,
      env: { ...env, PATH: `${bin}:${process.env['PATH'] ?? ''}`, NO_COLOR: '1' },
    });
    return { exitCode: r.exitCode ?? -1, output: String(r.all) };
  }

  const editCrd = async (from: string, to: string): Promise<void> => {
    const text = await readFile(join(clone, CRD), 'utf8');
    expect(text).toContain(from);
    await writeFile(join(clone, CRD), text.replace(from, to));
  };

  beforeAll(async () => {
    work = await makeWorkdir('chart-workflow');
    const origin = join(work, 'origin');
    await chartProject('single-group', origin, kubectl ?? '');
    await git(origin, 'init', '-q', '-b', 'main');
    await git(origin, 'add', '.');
    await git(origin, 'commit', '-qm', 'chart 0.0.1');
    clone = join(work, 'clone');
    await git(work, 'clone', '-q', origin, clone);
    // The project's devDependency on operator-ts is this checkout's build.
    bin = join(work, 'bin');
    await mkdir(bin);
    await writeFile(join(bin, 'operator-ts'), `#!/bin/sh\nexec "${process.execPath}" "${cliBin}" "$@"\n`);
    await chmod(join(bin, 'operator-ts'), 0o755);
  }, 120_000);

  afterAll(async () => {
    if (work !== '') await removeWorkdir(work);
  });

  it('is scaffolded with the npm script it runs', async () => {
    const pkg = JSON.parse(await readFile(join(clone, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['chart:version']).toBe('operator-ts chart version');
    expect(await git(clone, 'branch', '-r')).toContain('origin/main');
  });

  it('fails a pull request that changes a CRD without a bump, where --from HEAD compares the chart with itself', async () => {
    await git(clone, 'checkout', '-qb', 'more-fields');
    await editCrd(FOO, `${FOO}              size:\n                format: int32\n                type: integer\n`);
    await git(clone, 'commit', '-qam', 'a new field');
    const self = await runCli(['chart', 'version'], clone);
    expect(self.exitCode).toBe(0);
    expect(self.stderr).toContain(
      'note: --from HEAD is the commit checked out and dist/chart has no change since it, so the chart was compared with itself',
    );
    const pr = await step('pull_request', { base_ref: 'main' });
    expect(pr.exitCode, pr.output).not.toBe(0);
    expect(pr.output).toContain(
      'dist/chart at origin/main is version 0.0.1; the CRD changes since then need a minor bump:',
    );
    expect(pr.output).toContain(
      'dist/chart/Chart.yaml:5: version 0.0.1 is not bumped enough: the minor bump from 0.0.1 is 0.1.0',
    );
    // After the commit, --bump auto has to be told the base too: against HEAD there is nothing to bump.
    const noop = await runCliOk(['chart', 'version', '--bump', 'auto'], clone);
    expect(noop.stderr).toContain('compared with itself');
    await runCliOk(['chart', 'version', '--bump', 'auto', '--from', 'origin/main'], clone);
    await git(clone, 'commit', '-q', '--amend', '-a', '--no-edit');
    const bumped = await step('pull_request', { base_ref: 'main' });
    expect(bumped.exitCode, bumped.output).toBe(0);
    expect(bumped.output).toContain('dist/chart/Chart.yaml: version 0.1.0 covers it');
  });

  it('checks a push to main against the commit before it, and refuses a pre-release there', async () => {
    await git(clone, 'checkout', '-q', 'main');
    await git(clone, 'merge', '-q', '--ff-only', 'more-fields');
    const push = await step('push', {});
    expect(push.exitCode, push.output).toBe(0);
    expect(push.output).toContain('dist/chart at HEAD^ is version 0.0.1; the CRD changes since then need a minor bump');
    const chartYaml = join(clone, 'dist/chart/Chart.yaml');
    await writeFile(chartYaml, (await readFile(chartYaml, 'utf8')).replace(/^version: .*$/m, 'version: 0.2.0-rc.1'));
    await git(clone, 'commit', '-qam', 'a release candidate');
    const pre = await step('push', {});
    expect(pre.exitCode).not.toBe(0);
    expect(pre.output).toContain('dist/chart/Chart.yaml:5: version 0.2.0-rc.1 is a pre-release');
  });
});
