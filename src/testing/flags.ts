import { join } from 'node:path';

/**
 * FlagValues are command-line flags by name (without the leading dashes). A string renders as
 * `--name=value`, an array as one `--name=value` per element, and `null` removes a default.
 */
export type FlagValues = Record<string, string | readonly string[] | null>;

/** EtcdFlagInput is what {@link etcdFlags} needs to know. */
export interface EtcdFlagInput {
  clientPort: number;
  peerPort: number;
  dataDir: string;
  /** True when `etcd --help` lists --unsafe-no-fsync (etcd >= 3.5). */
  supportsUnsafeNoFsync: boolean;
}

/** etcdFlags are envtest's etcd flags: loopback client and peer URLs, a temp data dir, no fsync when supported. */
export function etcdFlags(input: EtcdFlagInput): FlagValues {
  const client = `http://127.0.0.1:${input.clientPort}`;
  const flags: FlagValues = {
    'advertise-client-urls': client,
    'data-dir': input.dataDir,
    'listen-client-urls': client,
    'listen-peer-urls': `http://127.0.0.1:${input.peerPort}`,
  };
  if (input.supportsUnsafeNoFsync) flags['unsafe-no-fsync'] = 'true';
  return flags;
}

/** ApiServerFlagInput is what {@link apiServerFlags} needs to know. */
export interface ApiServerFlagInput {
  securePort: number;
  etcdClientPort: number;
  /** Directory holding apiserver.crt/key, client-cert-auth-ca.crt and sa-signer.crt/key. */
  certDir: string;
}

/** CERT_FILES are the file names inside the cert dir; kube-apiserver itself looks for apiserver.crt/apiserver.key there. */
export const CERT_FILES = {
  servingCert: 'apiserver.crt',
  servingKey: 'apiserver.key',
  clientCa: 'client-cert-auth-ca.crt',
  saSignerCert: 'sa-signer.crt',
  saSignerKey: 'sa-signer.key',
} as const;

/**
 * apiServerFlags are controller-runtime envtest's kube-apiserver defaults plus --advertise-address=127.0.0.1 and
 * --endpoint-reconciler-type=none, so that a machine without a default route can start it and no
 * loopback address is written into the `kubernetes` Endpoints.
 */
export function apiServerFlags(input: ApiServerFlagInput): FlagValues {
  return {
    'advertise-address': '127.0.0.1',
    'allow-privileged': 'true',
    'authorization-mode': 'RBAC',
    'bind-address': '127.0.0.1',
    'cert-dir': input.certDir,
    'client-ca-file': join(input.certDir, CERT_FILES.clientCa),
    // No ServiceAccount controller runs, so there is no `default` ServiceAccount for pods to reference.
    'disable-admission-plugins': 'ServiceAccount',
    'endpoint-reconciler-type': 'none',
    'etcd-servers': `http://127.0.0.1:${input.etcdClientPort}`,
    'secure-port': String(input.securePort),
    'service-account-issuer': `https://127.0.0.1:${input.securePort}/`,
    'service-account-key-file': join(input.certDir, CERT_FILES.saSignerCert),
    'service-account-signing-key-file': join(input.certDir, CERT_FILES.saSignerKey),
    'service-cluster-ip-range': '10.0.0.0/24',
  };
}

/** mergeFlags applies overrides on top of defaults: a value replaces, `null` removes. */
export function mergeFlags(defaults: FlagValues, overrides: FlagValues | undefined): FlagValues {
  const merged: FlagValues = { ...defaults };
  for (const [name, value] of Object.entries(overrides ?? {})) {
    merged[normaliseFlagName(name)] = value;
  }
  return merged;
}

/** renderFlags turns flags into argv entries `--name=value`, sorted by name like envtest renders them. */
export function renderFlags(flags: FlagValues): string[] {
  const args: string[] = [];
  for (const name of Object.keys(flags).sort()) {
    const value = flags[name];
    if (value === null || value === undefined) continue;
    const values: readonly string[] = typeof value === 'string' ? [value] : value;
    for (const v of values) args.push(`--${name}=${v}`);
  }
  return args;
}

/** helpListsFlag tells whether `<binary> --help` output documents a flag (envtest's check for --unsafe-no-fsync). */
export function helpListsFlag(helpText: string, flag: string): boolean {
  const escaped = flag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*--${escaped}\\b`, 'm').test(helpText);
}

function normaliseFlagName(name: string): string {
  return name.replace(/^-+/, '');
}
