import type https from 'node:https';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { nodeFs } from '../node-cjs.js';
import type { ClusterAccess, ClusterInfo } from './cluster-access.js';

const { existsSync, readFileSync } = nodeFs;

/** SERVICE_ACCOUNT_DIR is where Kubernetes mounts a pod's service account token and CA. */
export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
/** Bound service account tokens rotate; re-read the file this often, as client-go does. */
const TOKEN_REREAD_MS = 60_000;

/** DefaultConfigSources are the inputs of {@link loadDefaultClusterAccess}; the process's by default. */
export interface DefaultConfigSources {
  env?: NodeJS.ProcessEnv;
  home?: string | undefined;
  serviceAccountDir?: string;
  now?: () => number;
}

/**
 * DefaultClusterAccess is the outcome of {@link loadDefaultClusterAccess}: the access to use, a reason to
 * fall back to client-node's full `KubeConfig.loadFromDefault()` (exec plugins, auth providers, proxies,
 * several merged files), or `none` when no configuration exists at all.
 */
export type DefaultClusterAccess = { access: ClusterAccess; source: string } | { fallback: string } | { none: true };

/**
 * loadDefaultClusterAccess finds the cluster configuration the way client-node's `loadFromDefault` does
 * ($KUBECONFIG, then ~/.kube/config, then the in-cluster service account) and handles the common cases
 * itself: in-cluster, and JSON kubeconfigs (as envtest writes them) with certificate, token, token file or
 * basic credentials. YAML kubeconfigs fall back to client-node, which brings its own YAML parser: the
 * runtime does not depend on one.
 */
export async function loadDefaultClusterAccess(sources: DefaultConfigSources = {}): Promise<DefaultClusterAccess> {
  const env = sources.env ?? process.env;
  const now = sources.now ?? Date.now;
  const kubeconfigEnv = env.KUBECONFIG;
  if (kubeconfigEnv !== undefined && kubeconfigEnv !== '') {
    const files = kubeconfigEnv.split(delimiter).filter((f) => f !== '');
    if (files.length !== 1) return { fallback: 'KUBECONFIG names several files' };
    return fromKubeconfigFile(files[0]!, now);
  }
  const home = sources.home ?? homeDir(env);
  if (home !== undefined) {
    const file = join(home, '.kube', 'config');
    if (existsSync(file)) return fromKubeconfigFile(file, now);
  }
  const saDir = sources.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (host !== undefined && host !== '' && port !== undefined && port !== '' && existsSync(join(saDir, 'token'))) {
    const server = `https://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const ca = readOptional(join(saDir, 'ca.crt'));
    return {
      access: new StaticClusterAccess({ server }, { ca, tokenFile: join(saDir, 'token') }, now),
      source: 'in-cluster',
    };
  }
  return { none: true };
}

function homeDir(env: NodeJS.ProcessEnv): string | undefined {
  const home = env.HOME ?? env.USERPROFILE;
  if (home !== undefined && home !== '') return home;
  try {
    return homedir();
  } catch {
    return undefined;
  }
}

interface Credentials {
  ca?: Buffer | undefined;
  cert?: Buffer | undefined;
  key?: Buffer | undefined;
  token?: string | undefined;
  tokenFile?: string | undefined;
  basic?: string | undefined;
  insecure?: boolean | undefined;
  servername?: string | undefined;
}

type Entry = Record<string, unknown>;

function fromKubeconfigFile(file: string, now: () => number): DefaultClusterAccess {
  const doc = parseJson(readFileSync(file, 'utf8'));
  if (doc === undefined) return { fallback: `${file} is not a JSON kubeconfig` };
  const base = dirname(file);
  const contextName = doc['current-context'];
  if (typeof contextName !== 'string' || contextName === '') return { fallback: `${file} has no current-context` };
  const context = named(doc.contexts, contextName, 'context');
  const cluster = named(doc.clusters, context?.cluster, 'cluster');
  const user = context?.user === undefined || context.user === '' ? {} : named(doc.users, context.user, 'user');
  if (context === undefined || cluster === undefined || user === undefined)
    return { fallback: `${file}: incomplete current context` };
  if (typeof cluster.server !== 'string') return { fallback: `${file}: cluster without server` };
  const unsupported = ['proxy-url', 'disable-compression'].find(
    (k) => cluster[k] !== undefined && cluster[k] !== '' && cluster[k] !== false,
  );
  if (unsupported !== undefined) return { fallback: `cluster uses ${unsupported}` };
  const supported = new Set([
    'client-certificate',
    'client-certificate-data',
    'client-key',
    'client-key-data',
    'token',
    'tokenFile',
    'username',
    'password',
  ]);
  const other = Object.keys(user).find((k) => !supported.has(k) && user[k] !== undefined && user[k] !== null);
  if (other !== undefined) return { fallback: `user uses ${other}` };
  const pathOf = (v: unknown): string | undefined =>
    typeof v === 'string' && v !== '' ? (isAbsolute(v) ? v : join(base, v)) : undefined;
  const creds: Credentials = {
    ca: data(cluster['certificate-authority-data']) ?? fileData(pathOf(cluster['certificate-authority'])),
    cert: data(user['client-certificate-data']) ?? fileData(pathOf(user['client-certificate'])),
    key: data(user['client-key-data']) ?? fileData(pathOf(user['client-key'])),
    token: typeof user.token === 'string' && user.token !== '' ? user.token : undefined,
    tokenFile: pathOf(user.tokenFile),
    insecure: cluster['insecure-skip-tls-verify'] === true,
    servername:
      typeof cluster['tls-server-name'] === 'string' && cluster['tls-server-name'] !== ''
        ? cluster['tls-server-name']
        : undefined,
  };
  if (typeof user.username === 'string' && user.username !== '') {
    creds.basic = Buffer.from(`${user.username}:${typeof user.password === 'string' ? user.password : ''}`).toString(
      'base64',
    );
  }
  return { access: new StaticClusterAccess({ server: cluster.server }, creds, now), source: file };
}

function parseJson(text: string): Entry | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Entry) : undefined;
  } catch {
    // A YAML flow mapping, not JSON.
    return undefined;
  }
}

function named(list: unknown, name: unknown, field: string): Entry | undefined {
  if (!Array.isArray(list) || typeof name !== 'string') return undefined;
  const found = (list as Entry[]).find((e) => e?.name === name);
  const inner = found?.[field];
  return inner !== null && typeof inner === 'object' ? (inner as Entry) : undefined;
}

function data(v: unknown): Buffer | undefined {
  return typeof v === 'string' && v !== '' ? Buffer.from(v, 'base64') : undefined;
}

function fileData(path: string | undefined): Buffer | undefined {
  return path === undefined ? undefined : readFileSync(path);
}

function readOptional(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}

/**
 * StaticClusterAccess serves a cluster whose TLS material is fixed at load time; a token file is re-read
 * every minute so that rotated service account tokens are used.
 */
class StaticClusterAccess implements ClusterAccess {
  private token: { value: string; readAt: number } | undefined;

  constructor(
    private readonly cluster: ClusterInfo,
    private readonly creds: Credentials,
    private readonly now: () => number,
  ) {}

  getCurrentCluster(): ClusterInfo {
    return this.cluster;
  }

  async applyToHTTPSOptions(opts: https.RequestOptions): Promise<void> {
    const c = this.creds;
    if (c.ca !== undefined) opts.ca = c.ca;
    if (c.cert !== undefined) opts.cert = c.cert;
    if (c.key !== undefined) opts.key = c.key;
    if (c.insecure === true) opts.rejectUnauthorized = false;
    if (c.servername !== undefined) opts.servername = c.servername;
    const bearer = this.bearerToken();
    const authorization =
      bearer !== undefined ? `Bearer ${bearer}` : c.basic !== undefined ? `Basic ${c.basic}` : undefined;
    if (authorization !== undefined)
      opts.headers = { ...(opts.headers as Record<string, string> | undefined), Authorization: authorization };
  }

  private bearerToken(): string | undefined {
    if (this.creds.token !== undefined) return this.creds.token;
    const file = this.creds.tokenFile;
    if (file === undefined) return undefined;
    const at = this.now();
    if (this.token === undefined || at - this.token.readAt >= TOKEN_REREAD_MS) {
      this.token = { value: readFileSync(file, 'utf8').trim(), readAt: at };
    }
    return this.token.value;
  }
}
