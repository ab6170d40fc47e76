import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATORS } from '../../generate/generators.js';
import { buildProgram } from '../program.js';
import { completionScript } from './script.js';
import { completionSpec, type CompletionCommand } from './spec.js';

// A directory without PROJECT: the scaffolding commands have the default chain's flags.
const empty = mkdtempSync(join(tmpdir(), 'ots-completion-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

async function program(): Promise<Awaited<ReturnType<typeof buildProgram>>> {
  return buildProgram({ cwd: empty, out: () => undefined, err: () => undefined }, []);
}

function hasShell(name: string): boolean {
  return spawnSync(name, ['-c', 'exit 0'], { stdio: 'ignore' }).status === 0;
}

describe('completionSpec', () => {
  let spec: CompletionCommand[] = [];
  const at = (path: string): CompletionCommand => {
    const found = spec.find((c) => c.path.join(' ') === path);
    if (found === undefined) throw new Error(`no command ${path}`);
    return found;
  };
  beforeAll(async () => {
    spec = completionSpec(await program());
  });

  it('lists every command of the program, with subcommands, flags and their values', () => {
    expect(at('').subcommands.map((s) => s.name)).toEqual(
      expect.arrayContaining(['init', 'create', 'edit', 'generate', 'completion']),
    );
    expect(at('create').subcommands.map((s) => s.name)).toEqual(['api', 'webhook']);
    const group = at('create api').flags.find((f) => f.names.includes('--group'));
    expect(group).toMatchObject({ takesValue: true, values: [] });
    expect(at('chart version').flags.find((f) => f.names.includes('--bump'))?.values).toEqual([
      'auto',
      'major',
      'minor',
      'patch',
    ]);
    expect(at('bundle validate').flags.find((f) => f.names.includes('-o'))?.names).toEqual(['--output', '-o']);
    expect(at('completion').argValues).toEqual(['bash', 'zsh', 'fish']);
  });

  it('offers plugin keys for --plugins, the generators of generate and true/false for booleans', () => {
    const plugins = at('edit').flags.find((f) => f.names.includes('--plugins'))?.values ?? [];
    expect(plugins).toEqual(expect.arrayContaining(['helm.operator-ts.dev/v1', 'olm.operator-ts.dev/v1']));
    expect(at('create api').flags.find((f) => f.names.includes('--plugins'))?.values).toEqual(plugins);
    expect(at('generate').argValues).toEqual(GENERATORS);
    expect(at('create api').flags.find((f) => f.names.includes('--namespaced'))).toMatchObject({
      takesValue: false,
      values: ['true', 'false'],
    });
  });

  it('leaves hidden flags out and gives every command --help', () => {
    expect(at('create api').flags.flatMap((f) => f.names)).not.toContain('--no-resource');
    for (const c of spec) expect(c.flags.flatMap((f) => f.names)).toContain('--help');
  });
});

describe('the bash script, sourced in bash', () => {
  let script = '';
  beforeAll(async () => {
    script = join(empty, 'operator-ts.bash');
    writeFileSync(script, completionScript(await program(), 'bash', '0.0.0'));
  });

  /** complete sets COMP_WORDS as bash would for the line (words split at spaces and at `=`) and runs the function. */
  function complete(line: string): string[] {
    const words = line.split(/ |(?==)|(?<==)/).filter((w, i, all) => w !== '' || i === all.length - 1);
    const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
    const run = `COMP_WORDS=(${quoted}); COMP_CWORD=${words.length - 1}; _operator_ts`;
    const body = `source '${script}'\n${run}\nprintf '%s\\n' "\${COMPREPLY[@]}"`;
    return execFileSync('bash', ['--norc', '--noprofile', '-c', body], { cwd: empty, encoding: 'utf8' })
      .split('\n')
      .filter((l) => l !== '');
  }

  it('registers the function for operator-ts', () => {
    const out = execFileSync('bash', ['--norc', '--noprofile', '-c', `source '${script}'; complete -p operator-ts`], {
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('complete -F _operator_ts operator-ts');
  });

  it('completes commands and subcommands', () => {
    expect(complete('operator-ts cr')).toEqual(['create']);
    expect(complete('operator-ts create ')).toEqual(['api', 'webhook']);
    expect(complete('operator-ts --verbose create w')).toEqual(['webhook']);
    expect(complete('operator-ts generate b')).toEqual(['bundle']);
  });

  it('completes flags of the command reached, not of another', () => {
    expect(complete('operator-ts create api --gr')).toEqual(['--group']);
    expect(complete('operator-ts create api --group cache --ki')).toEqual(['--kind']);
    expect(complete('operator-ts create webhook --conv')).toEqual(['--conversion']);
    expect(complete('operator-ts init --dom')).toEqual(['--domain']);
    expect(complete('operator-ts init --conv')).toEqual([]);
  });

  it('completes enumerable flag values, after a space or =, and the last item of a list', () => {
    expect(complete('operator-ts chart version --bump ')).toEqual(['auto', 'major', 'minor', 'patch']);
    expect(complete('operator-ts chart version --bump=ma')).toEqual(['major']);
    expect(complete('operator-ts bundle validate -o j')).toEqual(['json']);
    expect(complete('operator-ts init --license ')).toEqual(['apache2', 'none']);
    expect(complete('operator-ts edit --plugins he')).toEqual([
      'helm.operator-ts.dev/v1',
      'helm-hybrid.operator-ts.dev/v1',
    ]);
    expect(complete('operator-ts edit --plugins olm.operator-ts.dev/v1,hel')).toEqual([
      'olm.operator-ts.dev/v1,helm.operator-ts.dev/v1',
      'olm.operator-ts.dev/v1,helm-hybrid.operator-ts.dev/v1',
    ]);
    expect(complete('operator-ts create api --namespaced=')).toEqual(['true', 'false']);
  });

  it('skips the value of a flag while finding the command, and completes positional values', () => {
    expect(complete('operator-ts create api --kind create --gr')).toEqual(['--group']);
    expect(complete('operator-ts generate cr')).toEqual(['crd']);
    expect(complete('operator-ts completion ')).toEqual(['bash', 'zsh', 'fish']);
  });

  it('offers paths for a flag that takes a file', () => {
    writeFileSync(join(empty, 'crds.yaml'), '');
    expect(complete('operator-ts import crd cr')).toEqual(['crds.yaml']);
    expect(complete('operator-ts generate bundle --input-dir cr')).toEqual(['crds.yaml']);
  });
});

describe('the zsh and fish scripts', () => {
  it.skipIf(!hasShell('zsh'))('parses with zsh -n (skipped when zsh is not installed)', async () => {
    const file = join(empty, '_operator-ts');
    writeFileSync(file, completionScript(await program(), 'zsh', '0.0.0'));
    expect(spawnSync('zsh', ['-n', file], { encoding: 'utf8' }).stderr).toBe('');
    expect(spawnSync('zsh', ['-n', file]).status).toBe(0);
  });

  // zsh completes only inside its line editor: the script's function runs here with compadd, _describe,
  // _files and compset replaced by functions that print what they are given (zsh matches the prefix itself).
  it.skipIf(!hasShell('zsh'))('walks the command line in zsh (skipped when zsh is not installed)', async () => {
    const file = join(empty, '_operator-ts');
    writeFileSync(file, completionScript(await program(), 'zsh', '0.0.0'));
    const stubs = [
      'compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -rl -- "$@" }',
      '_describe() { local name=${@[-1]} e; for e in "${(@P)name}"; do print -r -- "${e%%:*}"; done }',
      "_files() { print -r -- '<files>' }",
      'compset() { : }',
      'compdef() { : }',
    ].join('\n');
    const complete = (line: string): string[] => {
      const words = line
        .split(' ')
        .map((w) => `'${w}'`)
        .join(' ');
      const body = `${stubs}\nsource '${file}'\nwords=(${words}); CURRENT=\${#words}\n_operator-ts`;
      return execFileSync('zsh', ['-f', '-c', body], { cwd: empty, encoding: 'utf8' })
        .split('\n')
        .filter((l) => l !== '');
    };
    expect(complete('operator-ts create ')).toEqual(['api', 'webhook']);
    expect(complete('operator-ts cr')).toEqual(expect.arrayContaining(['create', 'completion', 'init']));
    expect(complete('operator-ts chart version --bump ')).toEqual(['auto', 'major', 'minor', 'patch']);
    expect(complete('operator-ts edit --plugins=he')).toEqual(expect.arrayContaining(['helm.operator-ts.dev/v1']));
    expect(complete('operator-ts generate ')).toEqual(['bundle', 'catalog', ...GENERATORS]);
    expect(complete('operator-ts create api --kind create --pl')).toContain('--plural');
    expect(complete('operator-ts create api --kind create --pl')).not.toContain('api');
    expect(complete('operator-ts import crd x')).toEqual(['<files>']);
  });

  it.skipIf(!hasShell('fish'))(
    'parses with fish --no-execute and completes through complete -C (skipped when fish is not installed)',
    async () => {
      const file = join(empty, 'operator-ts.fish');
      writeFileSync(file, completionScript(await program(), 'fish', '0.0.0'));
      const r = spawnSync('fish', ['--no-execute', file], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      // complete -C asks fish for the completions of a command line, as a TAB there would.
      const complete = (line: string): string[] =>
        execFileSync('fish', ['--no-config', '-c', `source '${file}'; complete -C '${line}'`], {
          cwd: empty,
          encoding: 'utf8',
        })
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => l.split('\t')[0] ?? '');
      expect(complete('operator-ts cr')).toEqual(['create']);
      expect(complete('operator-ts create ')).toEqual(['api', 'webhook']);
      expect(complete('operator-ts create api --gr')).toEqual(['--group']);
      expect(complete('operator-ts chart version --bump ')).toEqual(['auto', 'major', 'minor', 'patch']);
      expect(complete('operator-ts create api --kind create --pl')).toEqual(['--plugins', '--plural']);
    },
  );
});
