import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CoreV1Api } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { findBinaryAssets, isBinaryAssets } from './binaries.js';
import { startTestEnv, type TestEnv } from './test-env.js';

// These tests run the real kube-apiserver and etcd; without them they are skipped (and say why).
const assets = findBinaryAssets();
const missing = isBinaryAssets(assets) ? undefined : assets.missing;
if (missing !== undefined) console.warn(`operator-ts/testing restart tests SKIPPED:\n${missing}`);
const BUDGET_MS = 180_000;

/** controlPlaneProcesses lists live processes (not zombies) whose command line names the environment's work dir: its etcd and kube-apiservers. */
function controlPlaneProcesses(env: TestEnv): string[] {
  const workDir = dirname(env.kubeconfigPath);
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (!cmdline.includes(workDir) || /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${entry}/stat`, 'utf8'))) continue;
      found.push(`${entry} ${cmdline.split(' ')[0] ?? ''}`);
    } catch {
      // Exited meanwhile.
    }
  }
  return found;
}

describe.skipIf(missing !== undefined || process.platform !== 'linux')(
  'restartAPIServer called while another restart runs',
  () => {
    it(
      'runs the restarts one after the other, and stop() then stops every process',
      async () => {
        const env = await startTestEnv();
        try {
          expect(controlPlaneProcesses(env)).toHaveLength(2);
          const first = env.pids.kubeApiserver;
          await Promise.all([env.restartAPIServer({ downtimeMs: 200 }), env.restartAPIServer({ graceful: false })]);
          expect(env.pids.kubeApiserver).not.toBe(first);
          expect(controlPlaneProcesses(env)).toHaveLength(2);
          const ns = await env.kubeConfig.makeApiClient(CoreV1Api).readNamespace({ name: 'default' });
          expect(ns.metadata?.name).toBe('default');
        } finally {
          await env.stop();
        }
        expect(controlPlaneProcesses(env)).toEqual([]);
      },
      BUDGET_MS,
    );

    it(
      'stop() during a restart waits for it, starts nothing more, and leaves no process',
      async () => {
        const env = await startTestEnv();
        let down!: () => void;
        const isDown = new Promise<void>((resolve) => (down = resolve));
        const restart = env.restartAPIServer({ whileDown: async () => down() });
        const queued = env.restartAPIServer();
        await isDown;
        await env.stop();
        const outcomes = await Promise.allSettled([restart, queued]);
        expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
        expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(
          /restartAPIServer: the control plane was stopped/,
        );
        expect(controlPlaneProcesses(env)).toEqual([]);
      },
      BUDGET_MS,
    );
  },
);
