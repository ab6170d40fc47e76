import { describe, expect, it } from 'vitest';
import { leastSquares } from './slope.mjs';

describe('leastSquares', () => {
  it('finds the slope per minute of a growing series and the noise around it', () => {
    // Noise of ±3 that does not tilt the line: the fit finds the slope exactly and sd = sqrt(4 * 9 / (4 - 2)).
    const noise = [3, -3, -3, 3];
    const fit = leastSquares([1, 2, 3, 4].map((t, i) => ({ t, value: 1000 + 50 * t + noise[i]! })));
    expect(fit.slope).toBeCloseTo(50, 9);
    expect(fit.intercept).toBeCloseTo(1000, 9);
    expect(fit.residualSd).toBeCloseTo(Math.sqrt(18), 9);
  });

  it('gives a zero slope for a flat series and NaN without two distinct times', () => {
    expect(leastSquares([1, 2, 3].map((t) => ({ t, value: 7 }))).slope).toBe(0);
    expect(leastSquares([{ t: 1, value: 1 }]).slope).toBeNaN();
    expect(leastSquares([]).slope).toBeNaN();
  });
});
