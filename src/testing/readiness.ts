import { setTimeout as sleep } from 'node:timers/promises';
import { httpCall, type TlsCredentials } from './api-connection.js';
import type { ManagedProcess } from './process.js';

/** READINESS_POLL_INTERVAL_MS is how often health endpoints are polled, as envtest does. */
export const READINESS_POLL_INTERVAL_MS = 100;

/** ReadinessOutcome says why waiting ended, with the last answer seen for messages. */
export type ReadinessOutcome =
  { state: 'ready' } | { state: 'exited'; lastAnswer: string } | { state: 'timeout'; lastAnswer: string };

/**
 * waitForHealthEndpoint polls url until it answers 200, the process exits (no point waiting further) or
 * timeoutMs elapses. A TLS endpoint is verified against tls.caPem.
 */
export async function waitForHealthEndpoint(
  url: string,
  proc: ManagedProcess,
  timeoutMs: number,
  tls?: TlsCredentials,
): Promise<ReadinessOutcome> {
  const deadline = Date.now() + timeoutMs;
  let lastAnswer = 'no answer yet';
  const exited = proc.exited.then(() => true);
  for (;;) {
    if (proc.exitStatus !== undefined) return { state: 'exited', lastAnswer };
    try {
      // Whatever holds the port may never answer; the process exiting ends the wait at once.
      const res = await Promise.race([
        httpCall(url, { tls, timeoutMs: Math.max(1000, Math.min(5000, deadline - Date.now())) }),
        exited.then(() => undefined),
      ]);
      if (res === undefined) return { state: 'exited', lastAnswer };
      if (res.status === 200) return { state: 'ready' };
      lastAnswer = `${res.status} ${
        res.body
          .trim()
          .split('\n')
          .filter((l) => l.includes('failed'))
          .join('; ')
          .slice(0, 400) || res.body.slice(0, 200)
      }`;
    } catch (err) {
      lastAnswer = (err as Error).message;
    }
    if (Date.now() >= deadline) return { state: 'timeout', lastAnswer };
    const stop = await Promise.race([exited, sleep(READINESS_POLL_INTERVAL_MS).then(() => false)]);
    if (stop) return { state: 'exited', lastAnswer };
  }
}
