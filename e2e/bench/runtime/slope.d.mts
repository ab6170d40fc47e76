/** SampledPoint is one sample of a series: `t` in minutes. */
export interface SampledPoint {
  t: number;
  value: number;
}

/** Fit is a least-squares line: slope per minute, intercept, and the standard deviation of the residuals. */
export interface Fit {
  slope: number;
  intercept: number;
  residualSd: number;
}

/** leastSquares fits a line through the points (see slope.mjs). */
export declare function leastSquares(points: readonly SampledPoint[]): Fit;
