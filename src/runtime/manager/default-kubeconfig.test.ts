import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StubApiServer, type StubRequest } from '../fixtures/stub-apiserver.js';
import { silentLogger } from '../log/logger.js';
import { defineResource } from '../resource.js';
import { createManager } from './manager.js';

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

let api: StubApiServer;
let dir: string;
let savedKubeconfig: string | undefined;
beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).start();
  dir = await mkdtemp(join(tmpdir(), 'default-kubeconfig-'));
  savedKubeconfig = process.env.KUBECONFIG;
});
afterEach(async () => {
  if (savedKubeconfig === undefined) delete process.env.KUBECONFIG;
  else process.env.KUBECONFIG = savedKubeconfig;
  await api.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('createManager with the default kubeconfig', () => {
  it('talks to the cluster named by $KUBECONFIG with its credentials, and still offers a client-node KubeConfig', async () => {
    const file = join(dir, 'kubeconfig');
    await writeFile(file, api.kubeConfig('from-kubeconfig-file').exportConfig());
    process.env.KUBECONFIG = file;
    api.put(ConfigMap, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: 'cm' } });
    const seen: StubRequest[] = [];
    api.route('GET', '/api/v1/namespaces/default/configmaps/cm', (req) => {
      seen.push(req);
      return {
        status: 200,
        body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { namespace: 'default', name: 'cm' } },
      };
    });

    const mgr = await createManager({ logger: silentLogger() });
    const cm = await mgr.apiReader.get(ConfigMap, { namespace: 'default', name: 'cm' });

    expect(cm.metadata?.name).toBe('cm');
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer from-kubeconfig-file']);
    expect(mgr.kubeConfig.getCurrentCluster()?.server).toBe(api.url);
  });
});
