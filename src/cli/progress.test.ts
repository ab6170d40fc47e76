import { describe, expect, it } from 'vitest';
import { startProgress, type ProgressClock } from './progress.js';

function fakeClock(): ProgressClock & { advance(ms: number): void } {
  let now = 0;
  let tick: (() => void) | undefined;
  let period = 0;
  let nextTick = 0;
  return {
    now: () => now,
    every(ms, fn) {
      tick = fn;
      period = ms;
      nextTick = now + ms;
      return () => (tick = undefined);
    },
    advance(ms) {
      const end = now + ms;
      while (tick !== undefined && nextTick <= end) {
        now = nextTick;
        nextTick += period;
        tick();
      }
      now = end;
    },
  };
}

describe('startProgress', () => {
  it('counts the seconds in place on a terminal and ends with the total', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const line = startProgress((t) => out.push(t), true, 'npm install', clock);
    clock.advance(2_500);
    line.done();
    clock.advance(5_000);
    expect(out).toEqual(['npm install 0s', '\r\u001b[Knpm install 1s', '\r\u001b[Knpm install 2s', '\r\u001b[Knpm install done in 3s\n']);
  });

  it('writes only the closing line when stderr is not a terminal', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const line = startProgress((t) => out.push(t), false, 'npm install', clock);
    clock.advance(44_600);
    line.done('failed');
    line.done();
    expect(out).toEqual(['npm install failed in 45s\n']);
  });
});
