import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUserError, type UserError } from '../errors/user-error.js';
import { errnoError, faultyFileSystem, parseFaults, type FaultOp } from './fault-injection.js';
import { nodeFileSystem, type FileSystem } from './file-system.js';
import { hashTree } from './fixtures/tree-hash.js';
import { VirtualTree } from './tree.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function project(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'ots-flush-'));
  made.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function flushError(tree: VirtualTree): UserError {
  try {
    tree.flush();
  } catch (err) {
    if (isUserError(err)) return err;
    throw err;
  }
  throw new Error('expected flush to fail');
}

/** counting wraps fs and counts the changing calls per op, to know how many faults a change can take. */
function counting(fs: FileSystem): { fs: FileSystem; counts: Record<FaultOp, number> } {
  const counts: Record<FaultOp, number> = { writeFile: 0, rename: 0, mkdir: 0, unlink: 0, chmod: 0 };
  const count =
    <A extends unknown[]>(op: FaultOp, fn: (...a: A) => void) =>
    (...a: A): void => {
      counts[op] += 1;
      fn(...a);
    };
  return {
    counts,
    fs: {
      ...fs,
      writeFile: count('writeFile', fs.writeFile),
      rename: count('rename', fs.rename),
      mkdir: count('mkdir', fs.mkdir),
      unlink: count('unlink', fs.unlink),
      chmod: count('chmod', fs.chmod),
    },
  };
}

// A change with every kind of step: updates (one executable), creations in new nested folders, a removal.
const BEFORE = {
  PROJECT: 'domain: example.com\n',
  'config/rbac/role.yaml': 'old role\n',
  'hack/run.sh': '#!/bin/sh\n',
  'bundle/manifests/stale.yaml': 'stale\n',
};
function stage(tree: VirtualTree): void {
  tree.write('PROJECT', 'domain: example.com\nresources: []\n');
  tree.write('config/rbac/role.yaml', 'new role\n');
  tree.write('hack/run.sh', '#!/bin/sh\necho hi\n');
  tree.write('config/crd/bases/cache_memcacheds.yaml', 'crd\n');
  tree.write('src/api/v1alpha1/memcached_types.ts', 'export {};\n');
  tree.remove('bundle/manifests/stale.yaml');
}

describe('VirtualTree.flush', () => {
  it('writes through temp files, keeps modes, removes staged removals and leaves no temp file', () => {
    const dir = project(BEFORE);
    chmodSync(join(dir, 'hack/run.sh'), 0o755);
    const tree = new VirtualTree(dir);
    stage(tree);
    expect(tree.flush().map((c) => `${c.kind} ${c.path}`)).toEqual([
      'UPDATE PROJECT',
      'DELETE bundle/manifests/stale.yaml',
      'CREATE config/crd/bases/cache_memcacheds.yaml',
      'UPDATE config/rbac/role.yaml',
      'UPDATE hack/run.sh',
      'CREATE src/api/v1alpha1/memcached_types.ts',
    ]);
    expect(readFileSync(join(dir, 'config/rbac/role.yaml'), 'utf8')).toBe('new role\n');
    expect(statSync(join(dir, 'hack/run.sh')).mode & 0o777).toBe(0o755);
    expect(readdirSync(join(dir, 'bundle/manifests'))).toEqual([]);
    expect(Object.keys(hashTree(dir)).filter((p) => p.includes('operator-ts-tmp'))).toEqual([]);
  });

  it('writes a symlinked file where the link points, keeping the link', () => {
    const dir = project({ 'shared/role.yaml': 'old\n' });
    mkdirSync(join(dir, 'config'));
    symlinkSync('../shared/role.yaml', join(dir, 'config/role.yaml'));
    const tree = new VirtualTree(dir);
    tree.write('config/role.yaml', 'new\n');
    tree.flush();
    expect(readFileSync(join(dir, 'shared/role.yaml'), 'utf8')).toBe('new\n');
    expect(hashTree(dir)['config/role.yaml']).toBe('link ../shared/role.yaml');
  });

  describe('checks everything before writing anything', () => {
    it('a file where a folder must be (ENOTDIR) names the file and the fix', () => {
      const { 'config/rbac/role.yaml': _role, ...rest } = BEFORE;
      const dir = project({ ...rest, config: 'i am a file\n' });
      const before = hashTree(dir);
      const tree = new VirtualTree(dir);
      stage(tree);
      const err = flushError(tree);
      expect(err.message).toBe(
        'cannot write the changes: config is a file, but it must be a folder (ENOTDIR), needed for config/crd/bases/cache_memcacheds.yaml, config/rbac/role.yaml',
      );
      expect(err.hint).toBe(
        'move or delete the file config: operator-ts needs a folder there; then re-run. Nothing was written.',
      );
      expect(hashTree(dir)).toEqual(before);
    });

    it('a folder where a file must be (EISDIR)', () => {
      const dir = project(BEFORE);
      mkdirSync(join(dir, 'src/api/v1alpha1/memcached_types.ts'), { recursive: true });
      const before = hashTree(dir);
      const tree = new VirtualTree(dir);
      stage(tree);
      const err = flushError(tree);
      expect(err.message).toContain('src/api/v1alpha1/memcached_types.ts is a folder, but it must be a file (EISDIR)');
      expect(err.hint).toContain('move or delete the folder src/api/v1alpha1/memcached_types.ts');
      expect(hashTree(dir)).toEqual(before);
    });

    it('a folder that may not be written (EACCES, EROFS) is reported once for all the files it blocks', () => {
      for (const code of ['EACCES', 'EROFS']) {
        const dir = project(BEFORE);
        const before = hashTree(dir);
        const refusing: FileSystem = {
          ...nodeFileSystem,
          accessWrite: (path, directory) => {
            if (path === join(dir, 'config')) throw errnoError(code, 'access', path);
            nodeFileSystem.accessWrite(path, directory);
          },
        };
        const tree = new VirtualTree(dir, { fs: refusing });
        stage(tree);
        const err = flushError(tree);
        const reason = code === 'EROFS' ? 'is on a read-only file system' : 'is not writable';
        // config/rbac exists and is writable: only the folders to create under config are blocked.
        expect(err.message).toBe(
          `cannot write the changes: config ${reason} (${code}), needed for config/crd/bases/cache_memcacheds.yaml`,
        );
        expect(err.hint).toMatch(
          code === 'EROFS'
            ? /read-only file system: run in a writable copy/
            : /make config writable for your user \(e\.g\. chmod u\+w config\)/,
        );
        expect(hashTree(dir)).toEqual(before);
      }
    });

    it('a read-only file is not silently replaced', () => {
      const dir = project(BEFORE);
      const refusing: FileSystem = {
        ...nodeFileSystem,
        accessWrite: (path, directory) => {
          if (path === join(dir, 'PROJECT')) throw errnoError('EACCES', 'access', path);
          nodeFileSystem.accessWrite(path, directory);
        },
      };
      const tree = new VirtualTree(dir, { fs: refusing });
      stage(tree);
      expect(flushError(tree).message).toBe('cannot write the changes: PROJECT is read-only (EACCES)');
    });

    it('a staged file that another staged file needs as a folder', () => {
      const tree = new VirtualTree(project());
      tree.write('x', '1');
      tree.write('x/y', '2');
      expect(flushError(tree).message).toBe(
        'cannot write the changes: x is written as a file, but it must be a folder (ENOTDIR), needed for x/y',
      );
    });

    it('not enough free space (ENOSPC) before any write', () => {
      const dir = project(BEFORE);
      const before = hashTree(dir);
      const tree = new VirtualTree(dir, { fs: { ...nodeFileSystem, freeBytes: () => 8192 } });
      stage(tree);
      const err = flushError(tree);
      expect(err.message).toBe(
        'cannot write the changes: . has 8 KiB free, but the change needs about 20 KiB (ENOSPC), needed for 6 files',
      );
      expect(err.hint).toContain('free some space');
      expect(hashTree(dir)).toEqual(before);
    });

    it('several problems are listed together', () => {
      const dir = project(BEFORE);
      writeFileSync(join(dir, 'src'), 'file\n');
      const tree = new VirtualTree(dir, { fs: { ...nodeFileSystem, freeBytes: () => 0 } });
      stage(tree);
      const err = flushError(tree);
      expect(err.message.split('\n')).toEqual([
        'cannot write the changes (2 problems):',
        '  - src is a file, but it must be a folder (ENOTDIR), needed for src/api/v1alpha1/memcached_types.ts',
        '  - . has 0 KiB free, but the change needs about 20 KiB (ENOSPC), needed for 6 files',
      ]);
    });
  });

  describe('a failure in the middle of the flush rolls everything back', () => {
    const probe = counting(nodeFileSystem);
    const probeTree = new VirtualTree(project(BEFORE), { fs: probe.fs });
    stage(probeTree);
    probeTree.flush();
    const cases = (['writeFile', 'mkdir', 'chmod', 'rename', 'unlink'] as const).flatMap((op) =>
      Array.from({ length: probe.counts[op] }, (_, i) =>
        ['EACCES', 'ENOTDIR', 'ENOSPC'].map((code) => [op, i + 1, code] as const),
      ).flat(),
    );

    it('covers every changing call of the change', () => {
      expect(probe.counts).toEqual({ writeFile: 5, mkdir: 5, chmod: 3, rename: 5, unlink: 1 });
      expect(cases).toHaveLength(19 * 3);
    });

    it.each(cases)('%s #%i fails with %s: tree byte-identical, then a re-run works', (op, nth, code) => {
      const dir = project(BEFORE);
      chmodSync(join(dir, 'hack/run.sh'), 0o755);
      const before = hashTree(dir);
      const tree = new VirtualTree(dir, { fs: faultyFileSystem(nodeFileSystem, [{ op, nth, code }]) });
      stage(tree);
      const err = flushError(tree);
      expect(err.message).toMatch(
        new RegExp(
          `^writing \\S+ failed \\(${code}: [a-z ]+\\); every change was rolled back, the project is as it was$`,
        ),
      );
      expect(err.hint).toMatch(/; then re-run the command$/);
      expect(hashTree(dir)).toEqual(before);

      const rerun = new VirtualTree(dir);
      stage(rerun);
      rerun.flush();
      expect(readFileSync(join(dir, 'src/api/v1alpha1/memcached_types.ts'), 'utf8')).toBe('export {};\n');
      expect(statSync(join(dir, 'hack/run.sh')).mode & 0o777).toBe(0o755);
    });

    it('names the file and the fix for a real errno from the seam', () => {
      const dir = project(BEFORE);
      const tree = new VirtualTree(dir, {
        fs: faultyFileSystem(nodeFileSystem, [{ op: 'mkdir', nth: 1, code: 'EACCES' }]),
      });
      stage(tree);
      const err = flushError(tree);
      expect(err.message).toBe(
        'writing config/crd/bases/cache_memcacheds.yaml failed (EACCES: permission denied); every change was rolled back, the project is as it was',
      );
      expect(err.hint).toBe(
        'make config/crd writable for your user (e.g. chmod u+w config/crd), or run in a copy you own; then re-run the command',
      );
    });

    it('saves what it cannot restore and says where', () => {
      const dir = project(BEFORE);
      // The third rename fails; restoring the first renamed file (PROJECT) then fails too.
      const tree = new VirtualTree(dir, {
        fs: faultyFileSystem(nodeFileSystem, parseFaults('rename:3:ENOSPC,writeFile:7:EIO')),
      });
      stage(tree);
      const err = flushError(tree);
      const saved = /their previous content is saved in (\S+)$/.exec(err.message)?.[1];
      expect(err.message).toContain('rolled back, except PROJECT:');
      expect(readFileSync(join(saved ?? '', 'PROJECT'), 'utf8')).toBe(BEFORE.PROJECT);
      made.push(saved ?? '');
    });
  });

  it('undoFlush puts the project back after a successful flush', () => {
    const dir = project(BEFORE);
    const before = hashTree(dir);
    const tree = new VirtualTree(dir);
    stage(tree);
    tree.flush();
    expect(hashTree(dir)).not.toEqual(before);
    expect(tree.undoFlush()).toEqual({ unrestored: [], rescueDir: undefined });
    expect(hashTree(dir)).toEqual(before);
  });

  it('reads a folder where a file belongs as absent (the flush reports it)', () => {
    const dir = project();
    mkdirSync(join(dir, 'PROJECT'));
    expect(new VirtualTree(dir).read('PROJECT')).toBeUndefined();
  });
});

describe('parseFaults', () => {
  it('reads op:nth:CODE lists and refuses anything else', () => {
    expect(parseFaults('rename:3:ENOSPC, writeFile:1:EACCES')).toEqual([
      { op: 'rename', nth: 3, code: 'ENOSPC' },
      { op: 'writeFile', nth: 1, code: 'EACCES' },
    ]);
    expect(() => parseFaults('write:1:EACCES')).toThrow(/cannot read fault "write:1:EACCES"/);
    expect(() => parseFaults('rename:0:EACCES')).toThrow(/cannot read fault/);
  });
});
