import { describe, expect, it } from 'vitest';
import { isApiSource, Rerunner } from './dev-loop.js';

describe('isApiSource', () => {
  it('takes the API type sources, not what generate writes nor tests', () => {
    expect(isApiSource('v1alpha1/memcached.types.ts')).toBe(true);
    expect(isApiSource('cache/v1/groupversion.ts')).toBe(true);
    expect(isApiSource('v1alpha1/zz_generated.resources.ts')).toBe(false);
    expect(isApiSource('v1alpha1/memcached.types.test.ts')).toBe(false);
    expect(isApiSource('v1alpha1/.memcached.types.ts.swp')).toBe(false);
    expect(isApiSource('v1alpha1')).toBe(false);
  });
});

describe('Rerunner', () => {
  it('never runs the task twice at once, and runs it once more for any number of requests during a run', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const rerun = new Rerunner(async () => {
      running++;
      most = Math.max(most, running);
      runs++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      running--;
    });
    rerun.request();
    rerun.request();
    rerun.request();
    await Promise.resolve();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await rerun.idle();
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });
});
