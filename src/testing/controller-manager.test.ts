import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUserError } from '../errors/user-error.js';
import {
  checkControllersOption,
  controllerManagerFlags,
  MISSING_CONTROLLER_MANAGER_HINT,
} from './controller-manager.js';
import { renderFlags } from './flags.js';

const scratch = mkdtempSync(join(tmpdir(), 'envtest-kcm-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function versionScript(name: string, version: string): string {
  const path = join(scratch, name);
  writeFileSync(path, `#!/bin/sh\necho "Kubernetes ${version}"\n`);
  chmodSync(path, 0o755);
  return path;
}

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('controllerManagerFlags', () => {
  it('runs only the named controllers, without leader election, with per-controller service accounts', () => {
    const args = renderFlags(
      controllerManagerFlags({ controllers: ['garbagecollector', 'namespace'], securePort: 4321, dir: '/d' }),
    );
    expect(args).toEqual([
      '--authentication-kubeconfig=/d/kubeconfig',
      '--authorization-kubeconfig=/d/kubeconfig',
      '--bind-address=127.0.0.1',
      '--controllers=garbagecollector,namespace',
      '--kubeconfig=/d/kubeconfig',
      '--leader-elect=false',
      '--root-ca-file=/d/ca.crt',
      '--secure-port=4321',
      '--service-account-private-key-file=/d/sa.key',
      '--tls-cert-file=/d/tls.crt',
      '--tls-private-key-file=/d/tls.key',
      '--use-service-account-credentials=true',
    ]);
  });
});

describe('checkControllersOption', () => {
  const apiServer = versionScript('kube-apiserver', 'v1.37.2');

  it('asks for nothing when no controllers are named (the default)', async () => {
    expect(
      await checkControllersOption(undefined, { kubeApiserver: apiServer, kubeControllerManager: undefined }),
    ).toBeUndefined();
    expect(
      await checkControllersOption([], { kubeApiserver: apiServer, kubeControllerManager: undefined }),
    ).toBeUndefined();
  });

  it('says how to get kube-controller-manager when it is missing', async () => {
    const err = await caught(
      checkControllersOption(['garbagecollector'], { kubeApiserver: apiServer, kubeControllerManager: undefined }),
    );
    expect(isUserError(err)).toBe(true);
    expect(err.message).toContain('need kube-controller-manager, which was not found');
    expect((err as Error & { hint?: string }).hint).toBe(MISSING_CONTROLLER_MANAGER_HINT);
    expect(MISSING_CONTROLLER_MANAGER_HINT).toContain('npm run envtest:build');
    expect(MISSING_CONTROLLER_MANAGER_HINT).toContain('TEST_ASSET_KUBE_CONTROLLER_MANAGER');
  });

  it('refuses a kube-controller-manager of another Kubernetes version', async () => {
    const other = versionScript('kube-controller-manager-old', 'v1.36.0');
    const err = await caught(
      checkControllersOption(['namespace'], { kubeApiserver: apiServer, kubeControllerManager: other }),
    );
    expect(isUserError(err)).toBe(true);
    expect(err.message).toContain('is Kubernetes v1.36.0, kube-apiserver');
    expect(err.message).toContain('is Kubernetes v1.37.2');
  });

  it('refuses names that cannot be controllers, before starting anything', async () => {
    const same = versionScript('kube-controller-manager', 'v1.37.2');
    const err = await caught(
      checkControllersOption(['garbagecollector', 'name space'], {
        kubeApiserver: apiServer,
        kubeControllerManager: same,
      }),
    );
    expect(err.message).toContain('"name space" is not a kube-controller-manager controller name');
  });

  it('accepts a kube-controller-manager of the same version', async () => {
    const same = versionScript('kube-controller-manager-same', 'v1.37.2');
    expect(
      await checkControllersOption(['garbagecollector', 'namespace'], {
        kubeApiserver: apiServer,
        kubeControllerManager: same,
      }),
    ).toEqual({
      path: same,
      controllers: ['garbagecollector', 'namespace'],
    });
  });
});
