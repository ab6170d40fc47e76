import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildImage, dockerignoreMatcher, parseDockerfile } from './dockerfile.js';
import { makeWorkdir, removeWorkdir } from './workdir.js';

describe('dockerignoreMatcher', () => {
  // The generated project's .dockerignore: everything out, then the build inputs back in, tests out.
  const ignored = dockerignoreMatcher(['# comment', '*', '!package.json', '!src/', 'src/**/*.test.ts', ''].join('\n'));

  it('applies the last matching rule to a path or any of its parents', () => {
    expect(ignored('package.json')).toBe(false);
    expect(ignored('README.md')).toBe(true);
    expect(ignored('node_modules/x/index.js')).toBe(true);
    expect(ignored('src/main.ts')).toBe(false);
    expect(ignored('src/controllers/a.controller.ts')).toBe(false);
  });

  it('lets ** match no directory as well as several', () => {
    expect(ignored('src/main.test.ts')).toBe(true);
    expect(ignored('src/a/b/c.test.ts')).toBe(true);
  });
});

describe('parseDockerfile', () => {
  it('splits stages, joins continuations and drops comments', () => {
    const stages = parseDockerfile(
      '# build\nFROM node:24 AS builder\nRUN a \\\n  && b\nFROM scratch\nCOPY --from=builder /x /y\n',
    );
    expect(stages).toEqual([
      { from: 'node:24', name: 'builder', instructions: [{ op: 'RUN', args: 'a && b', line: 3 }] },
      { from: 'scratch', name: undefined, instructions: [{ op: 'COPY', args: '--from=builder /x /y', line: 6 }] },
    ]);
  });

  it('refuses an instruction before FROM', () => {
    expect(() => parseDockerfile('RUN x\n')).toThrow('Dockerfile:1: RUN before FROM');
  });
});

describe('buildImage', () => {
  let dir = '';
  afterEach(async () => {
    await removeWorkdir(dir);
  });

  it('copies from the filtered context and earlier stages, runs RUN in WORKDIR, records USER and ENTRYPOINT', async () => {
    dir = await makeWorkdir('dockerfile');
    const context = join(dir, 'context');
    await mkdir(join(context, 'src'), { recursive: true });
    await writeFile(join(context, 'src/a.txt'), 'a');
    await writeFile(join(context, 'src/a.test.ts'), 't');
    await writeFile(join(context, 'secret'), 's');
    await writeFile(join(context, '.dockerignore'), '*\n!src/\nsrc/**/*.test.ts\n');
    await writeFile(
      join(context, 'Dockerfile'),
      'FROM b AS builder\nWORKDIR /w\nCOPY src/ src/\nRUN ls src > listing && cat src/a.txt > out\nFROM r\nCOPY --from=builder /w/out /app\nUSER 1:1\nENTRYPOINT ["/bin/x", "/app"]\n',
    );
    const image = await buildImage(context, join(dir, 'out'));
    expect(await readFile(join(image.stages.get('builder')!, 'w/listing'), 'utf8')).toBe('a.txt\n');
    expect(await readdir(image.rootfs)).toEqual(['app']);
    expect(await readFile(join(image.rootfs, 'app'), 'utf8')).toBe('a');
    expect(image.user).toBe('1:1');
    expect(image.entrypoint).toEqual(['/bin/x', '/app']);
  });

  it('fails on an instruction it does not emulate, and on a source the context lacks', async () => {
    dir = await makeWorkdir('dockerfile');
    await writeFile(join(dir, 'Dockerfile'), 'FROM b\nHEALTHCHECK CMD x\n');
    await expect(buildImage(dir, join(dir, 'out'))).rejects.toThrow(
      'Dockerfile:2: instruction HEALTHCHECK is not emulated',
    );
    await writeFile(join(dir, 'Dockerfile'), 'FROM b\nCOPY missing /x\n');
    await expect(buildImage(dir, join(dir, 'out2'))).rejects.toThrow('COPY source missing is missing');
  });
});
