// The built CLI's manners: colour on terminals only (NO_COLOR, FORCE_COLOR), a progress line on terminals
// only, --json output that parses, and completion scripts. A terminal is a pseudo-terminal from util-linux
// `script`; those cases are skipped, with the reason, where it is missing.
import { execa } from 'execa';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, runCliOk } from './helpers/cli.js';
import { cliBin, repoRoot } from './helpers/paths.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

const INIT = ['init', '--domain', 'example.com', '--project-name', 'memcached-operator', '--skip-install'];
const API = ['create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Memcached'];
const ESC = '\u001b[';
const RED_ERROR = `${ESC}1m${ESC}31mError:${ESC}39m${ESC}22m`;
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

let work = '';
let project = '';
let version = '';

beforeAll(async () => {
  work = await makeWorkdir('cli-manners');
  project = join(work, 'memcached-operator');
  await mkdir(project);
  await runCliOk(INIT, project);
  await runCliOk(API, project);
  version = (JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
});

afterAll(async () => {
  await removeWorkdir(work);
});

/** inTerminal runs the CLI with stdout and stderr on one pseudo-terminal and returns what it showed. */
async function inTerminal(
  args: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): Promise<string> {
  const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, cliBin, ...args].map(quote).join(' ');
  const r = await execa('script', ['-qec', command, '/dev/null'], {
    cwd,
    reject: false,
    stdin: 'ignore',
    env: {
      NO_COLOR: undefined,
      FORCE_COLOR: undefined,
      NODE_DISABLE_COLORS: undefined,
      // Node.js gives a terminal two colours when CI is set outside the CI services it knows (CI=true here).
      CI: undefined,
      TERM: 'xterm-256color',
      ...env,
    },
  });
  return String(r.stdout);
}

describe('colour', () => {
  it('is off in a pipe, also without NO_COLOR', async () => {
    const r = await runCli(['crate'], project, { NO_COLOR: '' });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^Error: unknown command 'crate'\nHint: /);
  });

  it('is on in a pipe with FORCE_COLOR=1, which wins over NO_COLOR as in Node.js', async () => {
    const r = await runCli(['crate'], project, { FORCE_COLOR: '1', NO_COLOR: '1' });
    expect(r.stderr.startsWith(`${RED_ERROR} unknown command 'crate'\n${ESC}36mHint:${ESC}39m `)).toBe(true);
  });

  it.skipIf(!hasScript)('is on in a terminal (skipped without util-linux script)', async () => {
    expect(await inTerminal(['crate'], project)).toContain(`${RED_ERROR} unknown command 'crate'`);
    const dry = await inTerminal([...API.slice(0, -2), '--kind', 'Redis', '--dry-run'], project);
    expect(dry).toContain(`${ESC}32mCREATE${ESC}39m src/api/v1alpha1/redis.types.ts`);
  });

  it.skipIf(!hasScript)(
    'is off in a terminal with NO_COLOR=1 or FORCE_COLOR=0 (skipped without util-linux script)',
    async () => {
      for (const env of [{ NO_COLOR: '1' }, { FORCE_COLOR: '0' }, { TERM: 'dumb' }]) {
        const shown = await inTerminal(['crate'], project, env);
        expect(shown, JSON.stringify(env)).toContain("Error: unknown command 'crate'");
        expect(shown, JSON.stringify(env)).not.toContain(ESC);
      }
    },
  );
});

describe('progress line', () => {
  it.skipIf(!hasScript)(
    "shows generate's phases with the elapsed time in a terminal and clears them (skipped without util-linux script)",
    async () => {
      const shown = await inTerminal(['generate'], project);
      expect(shown).toMatch(/generate: loading \d+ source files \S*\d+s/);
      expect(shown).toContain('generate: building schemas and CRDs');
      // The line is cleared before the results, which start a clean line.
      expect(shown).toMatch(/\r\u001b\[K(\u001b\[32m)?wrote|\r\u001b\[Kgenerate: (\u001b\[32m)?everything up to date/);
    },
  );

  it('writes nothing in a pipe', async () => {
    const r = await runCliOk(['generate'], project);
    expect(r.stderr).toBe('');
    expect(r.stdout).not.toContain('\r');
  });
});

describe('--json', () => {
  it('version --json: the CLI, Node.js, plugins and the project', async () => {
    const outside = JSON.parse((await runCliOk(['version', '--json'], work)).stdout) as Record<string, unknown>;
    expect(outside).toMatchObject({
      cliVersion: version,
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      project: null,
    });
    expect(outside['plugins']).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'typescript.operator-ts.dev/v1' })]),
    );
    const inside = JSON.parse((await runCliOk(['version', '--json'], project)).stdout) as Record<string, unknown>;
    expect(inside['project']).toEqual({
      projectName: 'memcached-operator',
      cliVersion: version,
      layout: ['operator-ts.dev/v1'],
    });
  });

  it('generate --json: the files of each generator, then unchanged on a re-run', async () => {
    const crd = 'config/crd/bases/cache.example.com_memcacheds.yaml';
    const first = JSON.parse(
      (await runCliOk(['generate', 'crd', 'rbac', '--json', '--role-name', 'json-role'], project)).stdout,
    ) as {
      ok: boolean;
      generators: Record<string, { written: string[]; unchanged: string[] }>;
    };
    expect(first.ok).toBe(true);
    expect(Object.keys(first.generators)).toEqual(['crd', 'rbac']);
    expect(first.generators['rbac']).toEqual({ written: ['config/rbac/role.yaml'], unchanged: [] });
    const again = JSON.parse((await runCliOk(['generate', '--json'], project)).stdout) as typeof first;
    expect(again.generators['crd']?.unchanged).toEqual([crd]);
    expect(Object.keys(again.generators)).toEqual(['crd', 'rbac', 'webhook', 'code']);
  });

  it('an error under --json: exit 1, Error and Hint on stderr, no JSON when it stops before a result', async () => {
    const r = await runCli(['generate', '--json', '--max-desc-len', 'x'], project);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^Error: --max-desc-len must be a non-negative integer/);
  });
});

describe('completion', () => {
  it.each(['bash', 'zsh', 'fish'])('%s prints a script naming the CLI version', async (shell) => {
    const r = await runCliOk(['completion', shell], project);
    expect(r.stdout).toContain(
      `completion for operator-ts ${version}, generated by \`operator-ts completion ${shell}\``,
    );
    expect(r.stdout).toContain('create');
  });

  it('the bash script, sourced, completes in bash', async () => {
    const script = (await runCliOk(['completion', 'bash'], project)).stdout;
    const r = await execa(
      'bash',
      [
        '--norc',
        '--noprofile',
        '-c',
        `${script}\nCOMP_WORDS=(operator-ts create ''); COMP_CWORD=2; _operator_ts; echo "\${COMPREPLY[*]}"`,
      ],
      { stdin: 'ignore' },
    );
    expect(r.stdout).toBe('api webhook');
  });
});
