import type { Paint } from './color.js';

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

/** ProgressLine is a running step; `step` names what it does now, `note` logs a line, `done` ends its line. */
export interface ProgressLine {
  step(label: string): void;
  /** ProgressLine.note writes a line of its own, above the progress line on a terminal (which is then drawn again). */
  note(text: string): void;
  done(outcome?: 'done' | 'failed'): void;
}

/** ProgressOptions say where a progress line is drawn and what it leaves behind. */
export interface ProgressOptions {
  /** Whether the output is a terminal: only there is the line drawn and redrawn in place. */
  readonly tty: boolean;
  /**
   * What an ended step leaves: `summary` one line with the time taken, on a terminal and elsewhere (an
   * install, whose output is otherwise nothing); `clear` nothing at all (the command's own output follows),
   * so off a terminal such a step writes nothing.
   */
  readonly finish?: 'summary' | 'clear';
  readonly paint?: Paint;
  readonly clock?: ProgressClock;
}

// \r returns to the start of the line and ESC [K clears what is left of the previous text.
const CLEAR = '\r\u001b[K';

/**
 * startProgress shows that a long step is still running: on a terminal one line with the elapsed seconds,
 * rewritten in place every second while the event loop is free, and at each `step` (a synchronous run,
 * such as generate's compile, moves it on only there); elsewhere (CI logs, pipes) nothing until the end.
 */
export function startProgress(write: (text: string) => void, label: string, options: ProgressOptions): ProgressLine {
  const { tty, finish = 'summary', paint = (_s, t) => t, clock = realClock } = options;
  const start = clock.now();
  let current = label;
  const elapsed = (): string => `${Math.round((clock.now() - start) / 1000)}s`;
  const draw = (): void => write(`${CLEAR}${current} ${paint('dim', elapsed())}`);
  const stop = tty ? clock.every(1_000, draw) : () => undefined;
  if (tty) write(`${current} ${paint('dim', elapsed())}`);
  let finished = false;
  return {
    step(text) {
      if (finished) return;
      current = `${label}: ${text}`;
      if (tty) draw();
    },
    note(text) {
      if (!tty || finished) {
        write(`${text}\n`);
        return;
      }
      write(`${CLEAR}${text}\n`);
      write(`${current} ${paint('dim', elapsed())}`);
    },
    done(outcome = 'done') {
      if (finished) return;
      finished = true;
      stop();
      if (finish === 'clear') {
        if (tty) write(CLEAR);
        return;
      }
      const word = outcome === 'done' ? paint('green', outcome) : paint('red', outcome);
      write(`${tty ? CLEAR : ''}${label} ${word} in ${elapsed()}\n`);
    },
  };
}

/** progressFor starts a progress line on a run's stderr for a step whose own output follows it (finish: clear). */
export function progressFor(
  io: { err: (text: string) => void; errIsTTY?: boolean },
  label: string,
  paint?: Paint,
): ProgressLine {
  const colour = paint === undefined ? {} : { paint };
  return startProgress(io.err, label, { tty: io.errIsTTY === true, finish: 'clear', ...colour });
}
