// `operator-ts envtest use` with the BUILT CLI (run `npm run build` first) against a release index served on
// loopback: the archives are made, in controller-tools' layout (controller-tools/envtest/<binary>), from the
// envtest binaries this repository builds, and the index has the format of controller-tools'
// envtest-releases.yaml. The binaries land in setup-envtest's store layout and run; a checksum mismatch
// installs nothing.
import { execa } from 'execa';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaryAssets, isBinaryAssets } from '../src/testing/index.js';
import { runCli } from './helpers/cli.js';
import { makeWorkdir, removeWorkdir } from './helpers/workdir.js';

const assets = findBinaryAssets({});
const have = isBinaryAssets(assets) && assets.kubectl !== undefined;
const ARCHIVE = 'envtest-v1.37.2-linux-amd64.tar.gz';

async function sha512(file: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe.skipIf(!have || process.platform !== 'linux' || process.arch !== 'x64')('operator-ts envtest use', () => {
  let work = '';
  let served = '';
  let server: Server;
  let base = '';
  const requests: string[] = [];

  beforeAll(async () => {
    if (!isBinaryAssets(assets) || assets.kubectl === undefined) return;
    work = await makeWorkdir('envtest-use');
    served = join(work, 'served');
    const layout = join(work, 'layout', 'controller-tools', 'envtest');
    await mkdir(layout, { recursive: true });
    await mkdir(served);
    for (const [name, path] of [
      ['kube-apiserver', assets.kubeApiserver],
      ['etcd', assets.etcd],
      ['kubectl', assets.kubectl],
    ] as const)
      await symlink(path, join(layout, name));
    // -h archives the binaries the links point at; gzip -1 keeps the ~200 MB cheap to pack.
    await execa(
      'tar',
      ['-C', join(work, 'layout'), '-chf', join(served, ARCHIVE), '-I', 'gzip -1', 'controller-tools'],
      { stdin: 'ignore' },
    );
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const file = join(served, (req.url ?? '/').slice(1));
      if (!existsSync(file)) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-length': statSync(file).size });
      createReadStream(file).pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const hash = await sha512(join(served, ARCHIVE));
    // 1.37.1 points at the same archive with a wrong checksum; 1.36.0 has a relative selfLink.
    const index = [
      'releases:',
      '  v1.37.2:',
      `    ${ARCHIVE}:`,
      `      hash: ${hash}`,
      `      selfLink: ${base}/${ARCHIVE}`,
      '    envtest-v1.37.2-darwin-arm64.tar.gz:',
      `      hash: ${'0'.repeat(128)}`,
      `      selfLink: ${base}/missing-darwin.tar.gz`,
      '  v1.37.1:',
      '    envtest-v1.37.1-linux-amd64.tar.gz:',
      `      hash: ${'ab'.repeat(64)}`,
      `      selfLink: ${base}/${ARCHIVE}`,
      '',
    ].join('\n');
    await writeFile(join(served, 'envtest-releases.yaml'), index);
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
    if (work !== '') await removeWorkdir(work);
  });

  const index = (): string => `${base}/envtest-releases.yaml`;

  it('downloads the newest 1.37 patch into the setup-envtest store and prints its folder', async () => {
    const store = join(work, 'store');
    requests.length = 0;
    const r = await runCli(['envtest', 'use', '1.37.x', '--bin-dir', store, '--index', index()], work);
    expect(r.exitCode, r.stderr).toBe(0);
    const dir = join(store, 'k8s', '1.37.2-linux-amd64');
    expect(r.stdout).toBe(dir);
    expect(requests).toEqual(['/envtest-releases.yaml', `/${ARCHIVE}`]);
    expect(readdirSync(dir).sort()).toEqual(['etcd', 'kube-apiserver', 'kubectl']);
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).mode & 0o777).toBe(0o555);
    expect(statSync(dir).mode & 0o777).toBe(0o555);
    expect(readdirSync(join(store, 'k8s'))).toEqual(['1.37.2-linux-amd64']);
    // The unpacked binaries are the ones archived, and they run.
    if (isBinaryAssets(assets)) expect(await sha512(join(dir, 'etcd'))).toBe(await sha512(assets.etcd));
    const version = await execa(join(dir, 'kube-apiserver'), ['--version'], { stdin: 'ignore' });
    expect(version.stdout).toContain('v1.37.2');
  }, 180_000);

  it('uses what is installed without asking the index again, also with -i, and prints -p env and -p overview', async () => {
    const store = join(work, 'store');
    const dir = join(store, 'k8s', '1.37.2-linux-amd64');
    requests.length = 0;
    const again = await runCli(['envtest', 'use', '1.37.2', '--bin-dir', store, '--index', index()], work);
    expect(again.stdout).toBe(dir);
    const installed = await runCli(['envtest', 'use', '1.37', '-i', '--bin-dir', store, '-p', 'env'], work);
    expect(installed.exitCode, installed.stderr).toBe(0);
    expect(installed.stdout).toBe(`export KUBEBUILDER_ASSETS='${dir}'`);
    const overview = await runCli(['envtest', 'use', '-i', '--bin-dir', store, '-p', 'overview'], work);
    expect(overview.stdout).toBe(`Version: 1.37.2\nOS/Arch: linux/amd64\nPath: ${dir}`);
    expect(requests).toEqual([]);
  });

  it('fails with -i when the version is not installed, without a request', async () => {
    requests.length = 0;
    const r = await runCli(
      ['envtest', 'use', '1.36.0', '-i', '--bin-dir', join(work, 'store'), '--index', index()],
      work,
    );
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('no envtest binaries for 1.36.0 (linux/amd64) are installed');
    expect(requests).toEqual([]);
  });

  it('refuses an archive whose sha512 is not the index one and leaves nothing in the store', async () => {
    const store = join(work, 'mismatch');
    const r = await runCli(['envtest', 'use', '1.37.1', '--bin-dir', store, '--index', index()], work);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain('Error: checksum mismatch for envtest-v1.37.1-linux-amd64.tar.gz: sha512 ');
    expect(r.stderr).toContain(`!= ${'ab'.repeat(64)} (index)`);
    expect(r.stderr).toContain('nothing was installed');
    expect(r.stdout).toBe('');
    expect(readdirSync(join(store, 'k8s'))).toEqual([]);
  });

  it('says which release the index lacks, and which download failed', async () => {
    const none = await runCli(['envtest', 'use', '1.30.x', '--bin-dir', join(work, 'none'), '--index', index()], work);
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain(`the envtest release index ${index()} has no archive for 1.30.x (linux/amd64)`);
    const missing = await runCli(
      [
        'envtest',
        'use',
        '1.37.2',
        '--os',
        'darwin',
        '--arch',
        'arm64',
        '--bin-dir',
        join(work, 'none'),
        '--index',
        index(),
      ],
      work,
    );
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain(
      `cannot download envtest-v1.37.2-darwin-arm64.tar.gz from ${base}/missing-darwin.tar.gz: HTTP 404`,
    );
    expect(readdirSync(join(work, 'none', 'k8s'))).toEqual([]);
  });
});
