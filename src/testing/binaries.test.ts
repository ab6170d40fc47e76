import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findBinaryAssets, goArch, goOs, isBinaryAssets, newestStoreEntry, setupEnvtestStoreRoot } from './binaries.js';

const root = mkdtempSync(join(tmpdir(), 'envtest-binaries-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function assetDir(path: string, files: string[] = ['kube-apiserver', 'etcd', 'kubectl']): string {
  mkdirSync(path, { recursive: true });
  for (const f of files) {
    writeFileSync(join(path, f), '#!/bin/sh\n');
    chmodSync(join(path, f), 0o755);
  }
  return path;
}

const xdg = join(root, 'xdg');
const store = join(xdg, 'kubebuilder-envtest', 'k8s');
assetDir(join(store, '1.9.0-linux-amd64'));
assetDir(join(store, '1.10.0-linux-amd64'));
assetDir(join(store, '1.11.0-linux-amd64'), ['etcd']); // incomplete: skipped
assetDir(join(store, '1.40.0-linux-arm64')); // other architecture: skipped
assetDir(join(store, 'not-a-version'));
const explicit = assetDir(join(root, 'explicit'));
const option = assetDir(join(root, 'option'), ['kube-apiserver', 'etcd']);
const legacy = assetDir(join(root, 'legacy'));
const empty = join(root, 'empty');
mkdirSync(empty);
const base = {
  platform: 'linux' as const,
  arch: 'x64',
  homeDir: join(root, 'home'),
  legacyDir: join(root, 'no-legacy'),
};

describe('findBinaryAssets', () => {
  it('picks the numerically newest complete store entry for this os/arch', () => {
    const found = findBinaryAssets({ ...base, env: { XDG_DATA_HOME: xdg } });
    expect(found).toEqual({
      dir: join(store, '1.10.0-linux-amd64'),
      kubeApiserver: join(store, '1.10.0-linux-amd64', 'kube-apiserver'),
      etcd: join(store, '1.10.0-linux-amd64', 'etcd'),
      kubectl: join(store, '1.10.0-linux-amd64', 'kubectl'),
      kubeControllerManager: undefined,
    });
  });

  it('prefers KUBEBUILDER_ASSETS over the option and the store', () => {
    const found = findBinaryAssets({
      ...base,
      binaryAssetsDirectory: option,
      env: { XDG_DATA_HOME: xdg, KUBEBUILDER_ASSETS: explicit },
    });
    expect(isBinaryAssets(found) && found.dir).toBe(explicit);
  });

  it('uses binaryAssetsDirectory when KUBEBUILDER_ASSETS is unset, with kubectl undefined when absent', () => {
    const found = findBinaryAssets({
      ...base,
      binaryAssetsDirectory: option,
      env: { XDG_DATA_HOME: xdg, KUBEBUILDER_ASSETS: '' },
    });
    expect(found).toEqual({
      dir: option,
      kubeApiserver: join(option, 'kube-apiserver'),
      etcd: join(option, 'etcd'),
      kubectl: undefined,
      kubeControllerManager: undefined,
    });
  });

  it('lets TEST_ASSET_* override single binaries', () => {
    const found = findBinaryAssets({
      ...base,
      env: {
        KUBEBUILDER_ASSETS: option,
        TEST_ASSET_ETCD: join(explicit, 'etcd'),
        TEST_ASSET_KUBECTL: join(legacy, 'kubectl'),
      },
    });
    expect(found).toEqual({
      dir: option,
      kubeApiserver: join(option, 'kube-apiserver'),
      etcd: join(explicit, 'etcd'),
      kubectl: join(legacy, 'kubectl'),
      kubeControllerManager: undefined,
    });
  });

  it('falls back to the legacy directory when the store is empty', () => {
    const found = findBinaryAssets({ ...base, legacyDir: legacy, env: { XDG_DATA_HOME: empty } });
    expect(isBinaryAssets(found) && found.dir).toBe(legacy);
  });

  it('reports an empty KUBEBUILDER_ASSETS directory instead of falling back, and says how to get binaries', () => {
    const found = findBinaryAssets({ ...base, env: { XDG_DATA_HOME: xdg, KUBEBUILDER_ASSETS: empty } });
    expect(isBinaryAssets(found)).toBe(false);
    const message = (found as { missing: string }).missing;
    expect(message).toContain(`KUBEBUILDER_ASSETS=${empty} has no executable kube-apiserver`);
    expect(message).toContain(`KUBEBUILDER_ASSETS=${empty} has no executable etcd`);
    expect(message).toContain('npx operator-ts envtest use <version>');
    expect(message).toContain('npm run envtest:build');
  });

  it('names every place it looked when nothing is configured', () => {
    const found = findBinaryAssets({ ...base, env: { XDG_DATA_HOME: empty } });
    const message = (found as { missing: string }).missing;
    expect(message).toContain(join(empty, 'kubebuilder-envtest', 'k8s'));
    expect(message).toContain(base.legacyDir);
    expect(message).toContain('KUBEBUILDER_ASSETS');
  });

  it('finds kube-controller-manager next to kube-apiserver, or where TEST_ASSET_KUBE_CONTROLLER_MANAGER points', () => {
    const withKcm = assetDir(join(root, 'with-kcm'), ['kube-apiserver', 'etcd', 'kube-controller-manager']);
    const beside = findBinaryAssets({ ...base, env: { KUBEBUILDER_ASSETS: withKcm } });
    expect(isBinaryAssets(beside) && beside.kubeControllerManager).toBe(join(withKcm, 'kube-controller-manager'));
    const pointed = findBinaryAssets({
      ...base,
      env: { KUBEBUILDER_ASSETS: option, TEST_ASSET_KUBE_CONTROLLER_MANAGER: join(withKcm, 'kube-controller-manager') },
    });
    expect(isBinaryAssets(pointed) && pointed.kubeControllerManager).toBe(join(withKcm, 'kube-controller-manager'));
    // Only environments with controllers need it: its absence is not a missing asset.
    expect(isBinaryAssets(findBinaryAssets({ ...base, env: { KUBEBUILDER_ASSETS: option } }))).toBe(true);
  });

  it('reports a TEST_ASSET_* that is not executable', () => {
    const found = findBinaryAssets({
      ...base,
      env: { KUBEBUILDER_ASSETS: explicit, TEST_ASSET_KUBE_APISERVER: join(root, 'nope') },
    });
    expect((found as { missing: string }).missing).toContain(
      `TEST_ASSET_KUBE_APISERVER=${join(root, 'nope')} is not an executable file`,
    );
  });
});

describe('setup-envtest store layout', () => {
  it('follows setup-envtest per platform', () => {
    expect(setupEnvtestStoreRoot({}, 'linux', '/h')).toBe('/h/.local/share/kubebuilder-envtest');
    expect(setupEnvtestStoreRoot({ XDG_DATA_HOME: '/x' }, 'linux', '/h')).toBe('/x/kubebuilder-envtest');
    expect(setupEnvtestStoreRoot({}, 'darwin', '/h')).toBe('/h/Library/Application Support/io.kubebuilder.envtest');
  });

  it('maps Node platform names to Go GOOS/GOARCH', () => {
    expect([goOs('linux'), goOs('win32'), goArch('x64'), goArch('arm64')]).toEqual([
      'linux',
      'windows',
      'amd64',
      'arm64',
    ]);
  });

  it('returns undefined for a store without entries', () => {
    expect(newestStoreEntry(join(root, 'missing'), 'linux', 'amd64')).toBeUndefined();
  });
});
