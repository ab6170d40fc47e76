import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** SERVICE_ACCOUNT_PATH is where the kubelet mounts a pod's service account token, CA and namespace. */
export const SERVICE_ACCOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * PodLauncher starts a command so that it sees `runDir` as /var/run, the way a pod sees its service
 * account: `wrap(runDir, argv)` returns the argv to spawn. The process keeps its pid through the
 * wrapping (unshare and sh exec), so signals sent to it reach the command itself.
 */
export interface PodLauncher {
  /** How: `mount namespace as root` or `user + mount namespace`. */
  readonly how: string;
  /** Whether the command runs as the image's USER (possible only when the test runs as root). */
  readonly runsAsImageUser: boolean;
  wrap(runDir: string, argv: readonly string[], user?: { uid: number; gid: number }): string[];
}

// client-go, client-node and the runtime all read the service account from the fixed path, with no
// override, so the test gives the manager a private mount namespace in which a temp directory is bound
// over /var/run: nothing on the host changes, and parallel tests do not see each other's tokens. As
// root (CI containers) a mount namespace is enough and the manager then drops to the image's USER with
// setpriv; otherwise an unprivileged user namespace provides the mount namespace (uid 0 inside is the
// test's own uid outside).
const MOUNT = 'mount --bind "$0" /var/run && exec "$@"';

function candidates(): PodLauncher[] {
  const asRoot: PodLauncher = {
    how: 'mount namespace as root',
    runsAsImageUser: true,
    wrap: (runDir, argv, user) => [
      'unshare',
      '--mount',
      '--propagation',
      'private',
      '--',
      'sh',
      '-c',
      MOUNT,
      runDir,
      ...(user === undefined ? [] : ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--']),
      ...argv,
    ],
  };
  const unprivileged: PodLauncher = {
    how: 'user + mount namespace',
    runsAsImageUser: false,
    wrap: (runDir, argv) => [
      'unshare',
      '--user',
      '--map-root-user',
      '--mount',
      '--propagation',
      'private',
      '--',
      'sh',
      '-c',
      MOUNT,
      runDir,
      ...argv,
    ],
  };
  return process.getuid?.() === 0 ? [asRoot, unprivileged] : [unprivileged];
}

/**
 * findPodLauncher returns the first way that works on this machine (tried with a probe token), or why
 * none does, so the test can skip with the reason.
 */
export function findPodLauncher(): PodLauncher | { missing: string } {
  const errors: string[] = [];
  for (const launcher of candidates()) {
    const dir = mkdtempSync(join(tmpdir(), 'operator-ts-sa-probe-'));
    try {
      const sa = join(dir, 'secrets/kubernetes.io/serviceaccount');
      mkdirSync(sa, { recursive: true });
      writeFileSync(join(sa, 'token'), 'probe');
      const argv = launcher.wrap(
        dir,
        ['cat', `${SERVICE_ACCOUNT_PATH}/token`],
        launcher.runsAsImageUser ? { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 } : undefined,
      );
      const out = execFileSync(argv[0]!, argv.slice(1), {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 10_000,
      });
      if (out === 'probe') return launcher;
      errors.push(`${launcher.how}: read "${out}"`);
    } catch (err) {
      errors.push(`${launcher.how}: ${(err as Error).message.split('\n')[0]}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return {
    missing: `cannot mount a service account at ${SERVICE_ACCOUNT_PATH} in a private mount namespace (${errors.join('; ')})`,
  };
}
