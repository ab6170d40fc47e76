/** ProgressClock is what {@link startProgress} needs of time, so tests can drive it. */
export interface ProgressClock {
  now(): number;
  every(ms: number, tick: () => void): () => void;
}

const realClock: ProgressClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** ProgressLine is a running step; `done` ends its line. */
export interface ProgressLine {
  done(outcome?: 'done' | 'failed'): void;
}

/**
 * startProgress shows that a long step (npm install) is still running: on a terminal one line that
 * counts the seconds, rewritten in place; elsewhere (CI logs, pipes) nothing until the step ends, then
 * one line with the time it took.
 */
export function startProgress(write: (text: string) => void, tty: boolean, label: string, clock: ProgressClock = realClock): ProgressLine {
  const start = clock.now();
  const elapsed = (): string => `${Math.round((clock.now() - start) / 1000)}s`;
  // \r returns to the start of the line and ESC [K clears what is left of the previous text.
  const stop = tty ? clock.every(1_000, () => write(`\r\u001b[K${label} ${elapsed()}`)) : () => undefined;
  if (tty) write(`${label} 0s`);
  let finished = false;
  return {
    done(outcome = 'done') {
      if (finished) return;
      finished = true;
      stop();
      write(`${tty ? '\r\u001b[K' : ''}${label} ${outcome} in ${elapsed()}\n`);
    },
  };
}
