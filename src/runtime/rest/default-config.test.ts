import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDefaultClusterAccess, type DefaultClusterAccess } from './default-config.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'default-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const b64 = (s: string) => Buffer.from(s).toString('base64');

function access(found: DefaultClusterAccess) {
  if (!('access' in found)) throw new Error(`expected access, got ${JSON.stringify(found)}`);
  return found.access;
}

async function options(found: DefaultClusterAccess): Promise<https.RequestOptions> {
  const opts: https.RequestOptions = {};
  await access(found).applyToHTTPSOptions(opts);
  return opts;
}

function kubeconfig(cluster: Record<string, unknown>, user: Record<string, unknown>) {
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      { name: 'other', cluster: { server: 'https://wrong:1' } },
      { name: 'c', cluster },
    ],
    users: [{ name: 'u', user }],
    contexts: [{ name: 'ctx', context: { cluster: 'c', user: 'u' } }],
    'current-context': 'ctx',
  };
}

describe('loadDefaultClusterAccess', () => {
  it('reads a JSON kubeconfig named by KUBECONFIG with embedded CA, certificate and key', async () => {
    const file = join(dir, 'kc.json');
    await writeFile(
      file,
      JSON.stringify(
        kubeconfig(
          { server: 'https://127.0.0.1:6443', 'certificate-authority-data': b64('CA') },
          { 'client-certificate-data': b64('CERT'), 'client-key-data': b64('KEY') },
        ),
      ),
    );
    const found = await loadDefaultClusterAccess({ env: { KUBECONFIG: file }, home: dir });
    expect(access(found).getCurrentCluster()?.server).toBe('https://127.0.0.1:6443');
    const opts = await options(found);
    expect([String(opts.ca), String(opts.cert), String(opts.key)]).toEqual(['CA', 'CERT', 'KEY']);
    expect(opts.headers).toBeUndefined();
  });

  it('reads a JSON ~/.kube/config, resolving file paths against the kubeconfig directory', async () => {
    await mkdir(join(dir, '.kube'));
    await writeFile(join(dir, '.kube', 'ca.crt'), 'CA-FROM-FILE');
    const doc = kubeconfig(
      { server: 'https://example.test:443', 'certificate-authority': 'ca.crt', 'tls-server-name': 'api.example.test' },
      { token: 's3cret' },
    );
    await writeFile(join(dir, '.kube', 'config'), JSON.stringify(doc));
    const opts = await options(await loadDefaultClusterAccess({ env: {}, home: dir }));
    expect(String(opts.ca)).toBe('CA-FROM-FILE');
    expect(opts.servername).toBe('api.example.test');
    expect(opts.headers).toEqual({ Authorization: 'Bearer s3cret' });
  });

  it('leaves YAML kubeconfigs to client-node', async () => {
    const file = join(dir, 'kc.yaml');
    await writeFile(file, 'apiVersion: v1\nkind: Config\ncurrent-context: ctx\n');
    expect(await loadDefaultClusterAccess({ env: { KUBECONFIG: file }, home: dir })).toEqual({
      fallback: `${file} is not a JSON kubeconfig`,
    });
  });

  it('uses the in-cluster service account, re-reading the token after a minute', async () => {
    const sa = join(dir, 'sa');
    await mkdir(sa);
    await writeFile(join(sa, 'token'), 'token-1\n');
    await writeFile(join(sa, 'ca.crt'), 'CLUSTER-CA');
    let now = 0;
    const found = await loadDefaultClusterAccess({
      env: { KUBERNETES_SERVICE_HOST: 'fd00::1', KUBERNETES_SERVICE_PORT: '443' },
      home: dir,
      serviceAccountDir: sa,
      now: () => now,
    });
    expect(access(found).getCurrentCluster()?.server).toBe('https://[fd00::1]:443');
    expect((await options(found)).headers).toEqual({ Authorization: 'Bearer token-1' });
    await writeFile(join(sa, 'token'), 'token-2\n');
    now = 30_000;
    expect((await options(found)).headers).toEqual({ Authorization: 'Bearer token-1' });
    now = 60_000;
    const opts = await options(found);
    expect(opts.headers).toEqual({ Authorization: 'Bearer token-2' });
    expect(String(opts.ca)).toBe('CLUSTER-CA');
  });

  it('falls back to client-node for exec plugins, proxies and merged kubeconfigs', async () => {
    const exec = join(dir, 'exec.json');
    await writeFile(
      exec,
      JSON.stringify(
        kubeconfig(
          { server: 'https://x' },
          { exec: { command: 'aws', apiVersion: 'client.authentication.k8s.io/v1' } },
        ),
      ),
    );
    expect(await loadDefaultClusterAccess({ env: { KUBECONFIG: exec }, home: dir })).toEqual({
      fallback: 'user uses exec',
    });
    const proxy = join(dir, 'proxy.json');
    await writeFile(
      proxy,
      JSON.stringify(kubeconfig({ server: 'https://x', 'proxy-url': 'http://proxy:3128' }, { token: 't' })),
    );
    expect(await loadDefaultClusterAccess({ env: { KUBECONFIG: proxy }, home: dir })).toEqual({
      fallback: 'cluster uses proxy-url',
    });
    expect(await loadDefaultClusterAccess({ env: { KUBECONFIG: `${exec}:${proxy}` }, home: dir })).toEqual({
      fallback: 'KUBECONFIG names several files',
    });
  });

  it('reports none when there is no kubeconfig and no service account', async () => {
    expect(await loadDefaultClusterAccess({ env: {}, home: dir, serviceAccountDir: join(dir, 'missing') })).toEqual({
      none: true,
    });
  });
});
