/**
 * ReflectorState is where a `Reflector` stands, after the `State` enum of kube-rs's watcher
 * (kube-runtime/src/watcher.rs): nothing listed (`empty`), a list in flight (`initListing`), listed and about
 * to watch from the list's resourceVersion (`initListed`), a watch open (`watching`), waiting before the next
 * attempt (`backoff`, which names the state it returns to), or stopped for good. A reflector runs until its
 * signal aborts, so `stopped` is the only final state.
 */
export type ReflectorState =
  | { phase: 'empty' }
  | { phase: 'initListing' }
  | { phase: 'initListed'; resourceVersion: string }
  | { phase: 'watching'; resourceVersion: string }
  | { phase: 'backoff'; delayMs: number; reason: string; then: ResumeState }
  | { phase: 'stopped' };

/** ResumeState is a state a backoff returns to: a relist or a watch resumed from a resourceVersion. */
export type ResumeState = { phase: 'empty' } | { phase: 'initListed'; resourceVersion: string };

/**
 * ReflectorEvent is what happened in one step of a reflector: the outcome of a list, of opening or running a
 * watch, the end of a backoff, or the signal aborting. Failures carry their reason (the `reason` label of
 * `reflector_restarts_total`), how long to wait before the next attempt and, when there was one, the error.
 */
export type ReflectorEvent =
  | { type: 'listStarted' }
  | { type: 'listed'; resourceVersion: string }
  | { type: 'listFailed'; reason: string; delayMs: number; err: unknown }
  | { type: 'watchStarted' }
  /** The watch closed, went silent or failed: resume it from `resourceVersion`, the last one seen. */
  | { type: 'watchEnded'; reason: string; delayMs: number; resourceVersion: string; err?: unknown }
  /** The watch's resourceVersion is too old (410 Gone): only a relist can continue. */
  | { type: 'watchExpired'; delayMs: number }
  | { type: 'backoffElapsed' }
  | { type: 'aborted' };

/** INITIAL_STATE is where every reflector starts. */
export const INITIAL_STATE: ReflectorState = { phase: 'empty' };

/**
 * nextState is the reflector's transition function. A failure with a delay passes through `backoff` on its
 * way back; one without goes straight back. An event that cannot happen in a state is a bug of the
 * reflector and throws.
 */
export function nextState(state: ReflectorState, event: ReflectorEvent): ReflectorState {
  if (event.type === 'aborted') return { phase: 'stopped' };
  switch (state.phase) {
    case 'empty':
      if (event.type === 'listStarted') return { phase: 'initListing' };
      break;
    case 'initListing':
      if (event.type === 'listed') return { phase: 'initListed', resourceVersion: event.resourceVersion };
      if (event.type === 'listFailed') return afterDelay({ phase: 'empty' }, event.delayMs, event.reason);
      break;
    case 'initListed':
    case 'watching':
      if (event.type === 'watchStarted' && state.phase === 'initListed')
        return { phase: 'watching', resourceVersion: state.resourceVersion };
      if (event.type === 'watchEnded')
        return afterDelay({ phase: 'initListed', resourceVersion: event.resourceVersion }, event.delayMs, event.reason);
      if (event.type === 'watchExpired') return afterDelay({ phase: 'empty' }, event.delayMs, 'expired');
      break;
    case 'backoff':
      if (event.type === 'backoffElapsed') return state.then;
      break;
    case 'stopped':
      break;
  }
  throw new Error(`reflector: no transition from ${state.phase} on ${event.type}`);
}

function afterDelay(then: ResumeState, delayMs: number, reason: string): ReflectorState {
  return delayMs > 0 ? { phase: 'backoff', delayMs, reason, then } : then;
}
