import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseIndex, pickArchive } from './remote.js';
import { listInstalled, stage } from './store.js';
import { extractTarGz } from './tar.js';
import { archiveName, parseArchiveName, parseSelector } from './versions.js';

const LINUX = { os: 'linux', arch: 'amd64' };
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'envtest-unit-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    execFileSync('chmod', ['-R', 'u+w', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('versions', () => {
  it('reads the selectors setup-envtest accepts for use', () => {
    expect(parseSelector('1.37.2')).toEqual({ major: 1, minor: 37, patch: 2 });
    expect(parseSelector('v1.37')).toEqual({ major: 1, minor: 37 });
    expect(parseSelector('1.37.x')).toEqual({ major: 1, minor: 37 });
    expect(parseSelector('1.37.*')).toEqual({ major: 1, minor: 37 });
    expect(parseSelector(undefined)).toEqual({});
    expect(() => parseSelector('latest')).toThrow('"latest" is not an envtest version');
  });

  it('reads controller-tools archive names and nothing else', () => {
    expect(parseArchiveName('envtest-v1.35.0-darwin-arm64.tar.gz')).toEqual({
      version: { major: 1, minor: 35, patch: 0 },
      platform: { os: 'darwin', arch: 'arm64' },
    });
    expect(parseArchiveName('kubebuilder-tools-1.30.0-linux-amd64.tar.gz')).toBeUndefined();
    expect(archiveName({ major: 1, minor: 37, patch: 2 }, LINUX)).toBe('envtest-v1.37.2-linux-amd64.tar.gz');
  });
});

describe('the release index', () => {
  const index = [
    'releases:',
    '  v1.36.0:',
    '    envtest-v1.36.0-linux-amd64.tar.gz:',
    '      hash: AA',
    '      selfLink: https://example.com/envtest-v1.36.0-linux-amd64.tar.gz',
    '  v1.37.1:',
    '    envtest-v1.37.1-linux-amd64.tar.gz:',
    '      hash: 0123',
    '      selfLink: v1.37.1/envtest-v1.37.1-linux-amd64.tar.gz',
    '    envtest-v1.37.1-darwin-arm64.tar.gz:',
    '      hash: cc',
    '      selfLink: https://example.com/d.tar.gz',
    '    README.md:',
    '      hash: dd',
    '      selfLink: https://example.com/README.md',
  ].join('\n');

  it('picks the newest archive of the platform the selector accepts, with relative links resolved', () => {
    const archives = parseIndex(index, 'https://mirror.example.com/envtest/index.yaml');
    expect(archives).toHaveLength(3);
    const newest = pickArchive(archives, parseSelector('1.37'), LINUX);
    expect(newest?.sha512).toBe('0123');
    expect(newest?.url).toBe('https://mirror.example.com/envtest/v1.37.1/envtest-v1.37.1-linux-amd64.tar.gz');
    expect(pickArchive(archives, {}, LINUX)?.version).toEqual({ major: 1, minor: 37, patch: 1 });
    expect(pickArchive(archives, parseSelector('1.36'), LINUX)?.sha512).toBe('aa');
    expect(pickArchive(archives, parseSelector('1.35'), LINUX)).toBeUndefined();
  });

  it('is a user error when it is not an index', () => {
    expect(() => parseIndex('a: [', 'http://x/index.yaml')).toThrow(
      'the envtest release index http://x/index.yaml is not YAML',
    );
    expect(() => parseIndex('other: 1', 'http://x/index.yaml')).toThrow('has no releases map');
  });
});

describe('extractTarGz and the store', () => {
  function archive(dir: string, files: Record<string, string>): string {
    const src = join(dir, 'src');
    mkdirSync(join(src, 'controller-tools', 'envtest'), { recursive: true });
    for (const [name, content] of Object.entries(files))
      writeFileSync(join(src, 'controller-tools', 'envtest', name), content, { mode: 0o755 });
    const file = join(dir, 'a.tar.gz');
    execFileSync('tar', ['-C', src, '-czf', file, 'controller-tools']);
    return file;
  }

  it('writes the regular files under their base names with the given mode', async () => {
    const dir = tempDir();
    const file = archive(dir, { 'kube-apiserver': 'api', etcd: 'e'.repeat(70_000), kubectl: '' });
    const out = join(dir, 'out');
    mkdirSync(out);
    expect((await extractTarGz(file, out, 0o555)).sort()).toEqual(['etcd', 'kube-apiserver', 'kubectl']);
    expect(readFileSync(join(out, 'etcd'), 'utf8')).toBe('e'.repeat(70_000));
    expect(readFileSync(join(out, 'kubectl'), 'utf8')).toBe('');
    expect(statSync(join(out, 'kube-apiserver')).mode & 0o777).toBe(0o555);
  });

  it('refuses a truncated archive', async () => {
    const dir = tempDir();
    const file = archive(dir, { etcd: 'x'.repeat(200_000) });
    const raw = execFileSync('gzip', ['-dc', file]);
    const cut = join(dir, 'cut.tar.gz');
    writeFileSync(cut, execFileSync('gzip', ['-c'], { input: raw.subarray(0, 100_000) }));
    const out = join(dir, 'out');
    mkdirSync(out);
    await expect(extractTarGz(cut, out, 0o555)).rejects.toThrow('is not a complete tar.gz archive');
  });

  it('moves a complete staged entry into place read-only, and discards an incomplete one', async () => {
    const root = tempDir();
    const ok = await stage(root);
    mkdirSync(join(ok.dir, 'bin'));
    for (const b of ['kube-apiserver', 'etcd']) writeFileSync(join(ok.dir, 'bin', b), '#!/bin/sh\n', { mode: 0o555 });
    const path = ok.commit({ major: 1, minor: 37, patch: 2 }, LINUX);
    expect(path).toBe(join(root, 'k8s', '1.37.2-linux-amd64'));
    expect(listInstalled(root, parseSelector('1.37'), LINUX).map((i) => i.path)).toEqual([path]);
    expect(listInstalled(root, parseSelector('1.37'), { os: 'darwin', arch: 'arm64' })).toEqual([]);

    const bad = await stage(root);
    mkdirSync(join(bad.dir, 'bin'));
    writeFileSync(join(bad.dir, 'bin', 'etcd'), '', { mode: 0o555 });
    expect(() => bad.commit({ major: 1, minor: 36, patch: 0 }, LINUX)).toThrow(
      'holds no kube-apiserver; nothing was installed',
    );
    bad.discard();
    expect(readdirSync(join(root, 'k8s'))).toEqual(['1.37.2-linux-amd64']);
  });
});
