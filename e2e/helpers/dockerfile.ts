import { execa } from 'execa';
import { cp, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';

// Docker is not available where the tests run, so the image test builds the image the way the Dockerfile
// says, instruction by instruction, on the host: each stage's file system is a directory, COPY copies
// from the build context (filtered by .dockerignore) or from an earlier stage, RUN runs its shell command
// in the stage's working directory. Only the instructions a generated Dockerfile uses are understood;
// any other one fails the test, so a Dockerfile change cannot go untested silently.

/** DockerInstruction is one parsed instruction: `op` upper-cased, `args` the rest of the line(s). */
export interface DockerInstruction {
  readonly op: string;
  readonly args: string;
  readonly line: number;
}

/** DockerStage is one FROM ... [AS name] section. */
export interface DockerStage {
  readonly from: string;
  readonly name: string | undefined;
  readonly instructions: DockerInstruction[];
}

/** parseDockerfile splits a Dockerfile into stages (comments dropped, `\` continuations joined). */
export function parseDockerfile(text: string): DockerStage[] {
  const stages: DockerStage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const first = i + 1;
    let logical = lines[i]!;
    while (logical.endsWith('\\') && i + 1 < lines.length)
      logical = `${logical.slice(0, -1).trimEnd()} ${lines[++i]!.trim()}`;
    const trimmed = logical.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const m = /^(\S+)\s+(.*)$/.exec(trimmed);
    if (m === null) throw new Error(`Dockerfile:${first}: cannot parse "${trimmed}"`);
    const op = m[1]!.toUpperCase();
    const args = m[2]!.trim();
    if (op === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (from === null) throw new Error(`Dockerfile:${first}: cannot parse FROM "${args}"`);
      stages.push({ from: from[1]!, name: from[2], instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (stage === undefined) throw new Error(`Dockerfile:${first}: ${op} before FROM`);
    stage.instructions.push({ op, args, line: first });
  }
  return stages;
}

/** dockerignoreMatcher returns whether a context path (posix, relative) is excluded, with Docker's rules. */
export function dockerignoreMatcher(text: string): (path: string) => boolean {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = posix
        .normalize((negate ? l.slice(1) : l).trim())
        .replace(/^\/+/, '')
        .replace(/\/+$/, '');
      return { negate, re: globToRegExp(pattern) };
    });
  return (path) => {
    // A rule matches a path or any of its parent directories; the last matching rule wins.
    const parts = path.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const rule of rules) if (prefixes.some((p) => rule.re.test(p))) excluded = !rule.negate;
    return excluded;
  };
}

function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      // `**/` matches any number of directories, including none.
      if (pattern[i + 2] === '/') {
        re += '(?:.*/)?';
        i += 2;
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** BuiltImage is the emulated image: its root file system and how its container starts. */
export interface BuiltImage {
  /** Directory standing for the final stage's `/`. */
  rootfs: string;
  /** ENTRYPOINT in exec form. */
  entrypoint: string[];
  /** USER, as written (`65532:65532`). */
  user: string | undefined;
  /** WORKDIR of the final stage (`/` when none). */
  workdir: string;
  /** Directory of each earlier stage's `/`, by name. */
  stages: Map<string, string>;
  /** Every RUN command, in order, with the stage it ran in. */
  ran: Array<{ stage: string; command: string }>;
}

/**
 * buildImage builds a project's Dockerfile into `outDir` (one directory per stage) without Docker. RUN
 * commands run with `sh -c` on the host with the given environment added.
 */
export async function buildImage(
  context: string,
  outDir: string,
  env: Record<string, string> = {},
): Promise<BuiltImage> {
  const stages = parseDockerfile(await readFile(join(context, 'Dockerfile'), 'utf8'));
  const ignoreText = await readFile(join(context, '.dockerignore'), 'utf8').catch(() => '');
  const ignored = dockerignoreMatcher(ignoreText);
  const built = new Map<string, string>();
  const ran: BuiltImage['ran'] = [];
  let last: BuiltImage | undefined;
  for (const [index, stage] of stages.entries()) {
    const name = stage.name ?? String(index);
    const root = join(outDir, name);
    await mkdir(root, { recursive: true });
    let workdir = '/';
    let user: string | undefined;
    let entrypoint: string[] = [];
    const inStage = (p: string): string => join(root, posix.resolve(workdir, p));
    for (const ins of stage.instructions) {
      const where = `Dockerfile:${ins.line}`;
      switch (ins.op) {
        case 'WORKDIR':
          workdir = posix.resolve(workdir, ins.args);
          await mkdir(inStage('.'), { recursive: true });
          break;
        case 'COPY': {
          const words = ins.args.split(/\s+/);
          const fromFlag =
            words[0]?.startsWith('--from=') === true ? words.shift()!.slice('--from='.length) : undefined;
          if (words.some((w) => w.startsWith('--'))) throw new Error(`${where}: COPY flag not emulated: ${ins.args}`);
          const dest = words.pop()!;
          const sourceRoot = fromFlag === undefined ? context : built.get(fromFlag);
          if (sourceRoot === undefined) throw new Error(`${where}: COPY --from=${fromFlag}: no such stage`);
          const sources = await expandSources(sourceRoot, words, fromFlag === undefined ? ignored : () => false);
          if (sources.length === 0) throw new Error(`${where}: COPY ${words.join(' ')}: no source file`);
          for (const src of sources) {
            const isDir = (await stat(join(sourceRoot, src))).isDirectory();
            const target = dest.endsWith('/') && !isDir ? posix.join(dest, posix.basename(src)) : dest;
            await copyFiltered(sourceRoot, src, inStage(target), fromFlag === undefined ? ignored : () => false);
          }
          break;
        }
        case 'RUN': {
          ran.push({ stage: name, command: ins.args });
          const r = await execa('sh', ['-c', ins.args], {
            cwd: inStage('.'),
            env: { NO_COLOR: '1', ...env },
            stdin: 'ignore',
            all: true,
            reject: false,
          });
          if (r.exitCode !== 0) throw new Error(`${where}: RUN ${ins.args} exited ${r.exitCode}\n${String(r.all)}`);
          break;
        }
        case 'USER':
          user = ins.args;
          break;
        case 'ENTRYPOINT': {
          const parsed: unknown = JSON.parse(ins.args);
          if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string'))
            throw new Error(`${where}: ENTRYPOINT is not in exec form`);
          entrypoint = parsed;
          break;
        }
        default:
          throw new Error(`${where}: instruction ${ins.op} is not emulated by e2e/helpers/dockerfile.ts`);
      }
    }
    built.set(name, root);
    last = { rootfs: root, entrypoint, user, workdir, stages: built, ran };
  }
  if (last === undefined) throw new Error('Dockerfile has no stage');
  return last;
}

/** expandSources resolves COPY sources (a trailing `*` glob, as in `package-lock.json*`) in a root. */
async function expandSources(root: string, patterns: string[], ignored: (p: string) => boolean): Promise<string[]> {
  const out: string[] = [];
  for (const pattern of patterns) {
    const rel = posix.normalize(pattern.replace(/^\/+/, '')).replace(/\/+$/, '');
    if (!rel.includes('*')) {
      if (!ignored(rel) && (await stat(join(root, rel)).catch(() => undefined)) !== undefined) out.push(rel);
      else throw new Error(`COPY source ${pattern} is missing from the build context (or excluded by .dockerignore)`);
      continue;
    }
    const dir = posix.dirname(rel);
    const re = globToRegExp(posix.basename(rel));
    for (const entry of await readdir(join(root, dir)).catch(() => [])) {
      const p = dir === '.' ? entry : `${dir}/${entry}`;
      if (re.test(entry) && !ignored(p)) out.push(p);
    }
  }
  return out;
}

async function copyFiltered(root: string, src: string, target: string, ignored: (p: string) => boolean): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  await cp(join(root, src), target, {
    recursive: true,
    filter: (from) => {
      const rel = from
        .slice(root.length + 1)
        .split('\\')
        .join('/');
      return rel === '' || !ignored(rel);
    },
  });
}
