import { describe, expect, it } from 'vitest';
import { apiServerFlags, etcdFlags, helpListsFlag, mergeFlags, renderFlags } from './flags.js';

describe('control-plane flags', () => {
  it('renders envtest kube-apiserver defaults plus loopback advertise address, sorted by name', () => {
    expect(renderFlags(apiServerFlags({ securePort: 6443, etcdClientPort: 2379, certDir: '/c' }))).toEqual([
      '--advertise-address=127.0.0.1',
      '--allow-privileged=true',
      '--authorization-mode=RBAC',
      '--bind-address=127.0.0.1',
      '--cert-dir=/c',
      '--client-ca-file=/c/client-cert-auth-ca.crt',
      '--disable-admission-plugins=ServiceAccount',
      '--endpoint-reconciler-type=none',
      '--etcd-servers=http://127.0.0.1:2379',
      '--secure-port=6443',
      '--service-account-issuer=https://127.0.0.1:6443/',
      '--service-account-key-file=/c/sa-signer.crt',
      '--service-account-signing-key-file=/c/sa-signer.key',
      '--service-cluster-ip-range=10.0.0.0/24',
    ]);
  });

  it('renders etcd flags, with --unsafe-no-fsync only when supported', () => {
    const input = { clientPort: 1, peerPort: 2, dataDir: '/d', supportsUnsafeNoFsync: false };
    expect(renderFlags(etcdFlags(input))).toEqual([
      '--advertise-client-urls=http://127.0.0.1:1',
      '--data-dir=/d',
      '--listen-client-urls=http://127.0.0.1:1',
      '--listen-peer-urls=http://127.0.0.1:2',
    ]);
    expect(renderFlags(etcdFlags({ ...input, supportsUnsafeNoFsync: true }))).toContain('--unsafe-no-fsync=true');
  });

  it('lets overrides replace, remove (null) and repeat (arrays) flags', () => {
    const merged = mergeFlags({ a: '1', b: '2', c: '3' }, { '--a': 'x', b: null, d: ['p', 'q'] });
    expect(renderFlags(merged)).toEqual(['--a=x', '--c=3', '--d=p', '--d=q']);
  });

  it('finds a flag in --help output only at the start of a line', () => {
    expect(helpListsFlag('Usage:\n  --data-dir\n      --unsafe-no-fsync   Disables fsync\n', 'unsafe-no-fsync')).toBe(
      true,
    );
    expect(helpListsFlag('  see --unsafe-no-fsync in the docs\n', 'unsafe-no-fsync')).toBe(false);
    expect(helpListsFlag('  --unsafe-no-fsync-extra\n', 'unsafe-no-fsync')).toBe(true); // \b matches at '-', as in envtest
  });
});
