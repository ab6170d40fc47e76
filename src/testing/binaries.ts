import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** BinaryAssets are the paths of the control-plane binaries a test environment runs. */
export interface BinaryAssets {
  /** Directory holding kube-apiserver (what KUBEBUILDER_ASSETS would point at). */
  dir: string;
  /** Path of kube-apiserver. */
  kubeApiserver: string;
  /** Path of etcd. */
  etcd: string;
  /** Path of kubectl, undefined when none was found (only needed by tests that run kubectl). */
  kubectl: string | undefined;
  /**
   * Path of kube-controller-manager, undefined when none was found (only needed by environments started
   * with `controllers`). setup-envtest does not ship it; `npm run envtest:build` builds it.
   */
  kubeControllerManager: string | undefined;
}

/** MissingBinaryAssets says that the binaries were not found: `missing` explains where we looked and how to get them. */
export interface MissingBinaryAssets {
  /** Human-readable explanation: what was looked at and how to install the binaries. */
  missing: string;
}

/** FindBinaryAssetsOptions tune {@link findBinaryAssets}; the test-only fields default to the real machine. */
export interface FindBinaryAssetsOptions {
  /** Directory checked after TEST_ASSET_* and KUBEBUILDER_ASSETS (envtest's BinaryAssetsDirectory). */
  binaryAssetsDirectory?: string;
  /** Environment to read the variables from; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Home directory for the setup-envtest store; default os.homedir(). */
  homeDir?: string;
  /** Node platform name; default process.platform. */
  platform?: NodeJS.Platform;
  /** Node architecture name; default process.arch. */
  arch?: string;
  /** Last-resort directory; default /usr/local/kubebuilder/bin. */
  legacyDir?: string;
}

/** BINARY_ENV_VARS maps each binary to its TEST_ASSET_* override, named as controller-runtime derives them. */
const BINARY_ENV_VARS = {
  kubeApiserver: { file: 'kube-apiserver', env: 'TEST_ASSET_KUBE_APISERVER' },
  etcd: { file: 'etcd', env: 'TEST_ASSET_ETCD' },
  kubectl: { file: 'kubectl', env: 'TEST_ASSET_KUBECTL' },
  kubeControllerManager: { file: 'kube-controller-manager', env: 'TEST_ASSET_KUBE_CONTROLLER_MANAGER' },
} as const;

const LEGACY_DIR = '/usr/local/kubebuilder/bin';
const STORE_ENTRY = /^(\d+)\.(\d+)\.(\d+)-([A-Za-z0-9_]+)-([A-Za-z0-9_]+)$/;

/**
 * findBinaryAssets locates kube-apiserver, etcd, kubectl and kube-controller-manager the way controller-runtime's envtest does:
 * TEST_ASSET_KUBE_APISERVER / TEST_ASSET_ETCD / TEST_ASSET_KUBECTL / TEST_ASSET_KUBE_CONTROLLER_MANAGER, then $KUBEBUILDER_ASSETS, then
 * `binaryAssetsDirectory`, then the newest complete version in setup-envtest's store, then
 * /usr/local/kubebuilder/bin. An explicitly configured place (variable or option) is authoritative: when its
 * binary is absent the result is `missing` rather than a silent fallback to another version.
 */
export function findBinaryAssets(options: FindBinaryAssetsOptions = {}): BinaryAssets | MissingBinaryAssets {
  const env = options.env ?? process.env;
  const looked: string[] = [];
  const configuredDir = nonEmpty(env.KUBEBUILDER_ASSETS) ?? nonEmpty(options.binaryAssetsDirectory);
  const configuredBy = nonEmpty(env.KUBEBUILDER_ASSETS) !== undefined ? 'KUBEBUILDER_ASSETS' : 'binaryAssetsDirectory';
  let fallbackDir: string | undefined;
  if (configuredDir === undefined) {
    const storeRoot = setupEnvtestStoreRoot(env, options.platform, options.homeDir);
    const storeDir = newestStoreEntry(join(storeRoot, 'k8s'), goOs(options.platform), goArch(options.arch));
    looked.push(
      `the setup-envtest store ${join(storeRoot, 'k8s')} (newest <X.Y.Z>-${goOs(options.platform)}-${goArch(options.arch)} holding kube-apiserver and etcd)`,
    );
    const legacy = options.legacyDir ?? LEGACY_DIR;
    if (storeDir !== undefined) fallbackDir = storeDir;
    else {
      looked.push(legacy);
      if (isExecutable(join(legacy, 'kube-apiserver')) && isExecutable(join(legacy, 'etcd'))) fallbackDir = legacy;
    }
  }

  const resolve = (key: keyof typeof BINARY_ENV_VARS): { path: string; problem?: string } | undefined => {
    const { file, env: variable } = BINARY_ENV_VARS[key];
    const explicit = nonEmpty(env[variable]);
    if (explicit !== undefined) {
      return isExecutable(explicit)
        ? { path: explicit }
        : { path: explicit, problem: `${variable}=${explicit} is not an executable file` };
    }
    if (configuredDir !== undefined) {
      const path = join(configuredDir, file);
      return isExecutable(path)
        ? { path }
        : { path, problem: `${configuredBy}=${configuredDir} has no executable ${file}` };
    }
    if (fallbackDir !== undefined) {
      const path = join(fallbackDir, file);
      return isExecutable(path) ? { path } : undefined;
    }
    return undefined;
  };

  const apiServer = resolve('kubeApiserver');
  const etcd = resolve('etcd');
  const kubectl = resolve('kubectl');
  const controllerManager = resolve('kubeControllerManager');
  const problems = [apiServer, etcd]
    .map((r, i) => (r === undefined ? `no ${i === 0 ? 'kube-apiserver' : 'etcd'} found` : r.problem))
    .filter((p): p is string => p !== undefined);
  if (apiServer === undefined || etcd === undefined || problems.length > 0) {
    return { missing: missingMessage(problems, configuredDir === undefined ? looked : []) };
  }
  return {
    dir: dirname(apiServer.path),
    kubeApiserver: apiServer.path,
    etcd: etcd.path,
    kubectl: kubectl?.problem === undefined ? kubectl?.path : undefined,
    kubeControllerManager: controllerManager?.problem === undefined ? controllerManager?.path : undefined,
  };
}

/** isBinaryAssets tells the found case of {@link findBinaryAssets} from the missing one. */
export function isBinaryAssets(result: BinaryAssets | MissingBinaryAssets): result is BinaryAssets {
  return 'kubeApiserver' in result;
}

/**
 * setupEnvtestStoreRoot is setup-envtest's default --bin-dir: ${XDG_DATA_HOME:-~/.local/share}/kubebuilder-envtest
 * on Linux, ~/Library/Application Support/io.kubebuilder.envtest on macOS, %LocalAppData%\kubebuilder-envtest on Windows.
 */
export function setupEnvtestStoreRoot(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'io.kubebuilder.envtest');
  if (platform === 'win32')
    return join(nonEmpty(env.LOCALAPPDATA) ?? join(home, 'AppData', 'Local'), 'kubebuilder-envtest');
  return join(nonEmpty(env.XDG_DATA_HOME) ?? join(home, '.local', 'share'), 'kubebuilder-envtest');
}

/** newestStoreEntry returns the newest `<X.Y.Z>-<os>-<arch>` directory under dir that holds kube-apiserver and etcd. */
export function newestStoreEntry(dir: string, os: string, arch: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const candidates = names
    .map((name) => ({ name, m: STORE_ENTRY.exec(name) }))
    .filter((c): c is { name: string; m: RegExpExecArray } => c.m !== null && c.m[4] === os && c.m[5] === arch)
    .map((c) => ({ name: c.name, v: [Number(c.m[1]), Number(c.m[2]), Number(c.m[3])] as const }))
    .sort((a, b) => b.v[0] - a.v[0] || b.v[1] - a.v[1] || b.v[2] - a.v[2]);
  for (const c of candidates) {
    const full = join(dir, c.name);
    if (isExecutable(join(full, 'kube-apiserver')) && isExecutable(join(full, 'etcd'))) return full;
  }
  return undefined;
}

/** goOs maps a Node platform to Go's GOOS, which names setup-envtest's store entries. */
export function goOs(platform: NodeJS.Platform = process.platform): string {
  return platform === 'win32' ? 'windows' : platform;
}

/** goArch maps a Node architecture to Go's GOARCH. */
export function goArch(arch: string = process.arch): string {
  const map: Record<string, string> = {
    x64: 'amd64',
    ia32: '386',
    arm64: 'arm64',
    arm: 'arm',
    ppc64: 'ppc64le',
    s390x: 's390x',
    riscv64: 'riscv64',
    loong64: 'loong64',
  };
  return map[arch] ?? arch;
}

function missingMessage(problems: string[], looked: string[]): string {
  const lines = ['envtest binaries (kube-apiserver, etcd) not found:', ...problems.map((p) => `  - ${p}`)];
  if (looked.length > 0)
    lines.push(
      '  looked in (no TEST_ASSET_*, KUBEBUILDER_ASSETS or binaryAssetsDirectory set):',
      ...looked.map((l) => `    ${l}`),
    );
  lines.push(
    'Get them with `npx operator-ts envtest use <version>` (`make setup-envtest` in a scaffolded project; no Go',
    'needed), which installs them into the setup-envtest store looked in above; or set KUBEBUILDER_ASSETS to a',
    'directory that has them. In the operator-ts repository, `npm run envtest:build` builds them.',
  );
  return lines.join('\n');
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
