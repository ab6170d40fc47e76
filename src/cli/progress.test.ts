import { describe, expect, it } from 'vitest';
import { painter } from './color.js';
import { progressFor, startProgress, type ProgressClock } from './progress.js';

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
    const line = startProgress((t) => out.push(t), 'npm install', { tty: true, clock });
    clock.advance(2_500);
    line.done();
    clock.advance(5_000);
    expect(out).toEqual([
      'npm install 0s',
      '\r\u001b[Knpm install 1s',
      '\r\u001b[Knpm install 2s',
      '\r\u001b[Knpm install done in 3s\n',
    ]);
  });

  it('writes only the closing line when stderr is not a terminal', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const line = startProgress((t) => out.push(t), 'npm install', { tty: false, clock });
    clock.advance(44_600);
    line.step('linking');
    line.done('failed');
    line.done();
    expect(out).toEqual(['npm install failed in 45s\n']);
  });

  it('redraws at each step, so a synchronous run moves on too, and clears the line for the output that follows', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const line = startProgress((t) => out.push(t), 'generate', { tty: true, finish: 'clear', clock });
    line.step('reading 3 source files');
    clock.now = (
      (n) => () =>
        n
    )(clock.now() + 1_600);
    line.step('building CRDs');
    line.done();
    const redraw = '\r\u001b[K';
    const steps = [`${redraw}generate: reading 3 source files 0s`, `${redraw}generate: building CRDs 2s`];
    expect(out).toEqual(['generate 0s', ...steps, redraw]);
  });

  it('writes nothing at all off a terminal for a step whose output follows (finish: clear)', () => {
    const out: string[] = [];
    const line = progressFor({ err: (t) => out.push(t), errIsTTY: false }, 'generate');
    line.step('building CRDs');
    line.done();
    expect(out).toEqual([]);
  });

  it('notes a line above the progress line on a terminal, and as a plain line elsewhere', () => {
    const out: string[] = [];
    const line = startProgress((t) => out.push(t), 'envtest use', { tty: true, finish: 'clear', clock: fakeClock() });
    line.note('Downloading envtest-v1.37.2 ...');
    line.done();
    const noted = '\r\u001b[KDownloading envtest-v1.37.2 ...\n';
    expect(out).toEqual(['envtest use 0s', noted, 'envtest use 0s', '\r\u001b[K']);
    const piped: string[] = [];
    const quiet = progressFor({ err: (t) => piped.push(t), errIsTTY: false }, 'envtest use');
    quiet.note('Downloading envtest-v1.37.2 ...');
    quiet.done();
    expect(piped).toEqual(['Downloading envtest-v1.37.2 ...\n']);
  });

  it('colours the time and the outcome when the output is coloured', () => {
    const out: string[] = [];
    const clock = fakeClock();
    const line = startProgress((t) => out.push(t), 'npm install', { tty: true, clock, paint: painter(true) });
    line.done('failed');
    const failed = '\r\u001b[Knpm install \u001b[31mfailed\u001b[39m in 0s\n';
    expect(out).toEqual(['npm install \u001b[2m0s\u001b[22m', failed]);
  });
});
