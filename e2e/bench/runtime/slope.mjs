// Trend of a series sampled over time: the least-squares line through (minute, value) points, and how far
// the samples stray from it. The leak soak reports the slope per minute of heap, RSS and handles.

/**
 * leastSquares fits value = intercept + slope * t through `points` ({ t, value }, t in minutes) and returns
 * the slope (per minute), the intercept and the standard deviation of the residuals (the noise around the
 * line). Fewer than two distinct times give a slope of NaN.
 */
export function leastSquares(points) {
  const n = points.length;
  if (n === 0) return { slope: Number.NaN, intercept: Number.NaN, residualSd: Number.NaN };
  const meanT = points.reduce((a, p) => a + p.t, 0) / n;
  const meanV = points.reduce((a, p) => a + p.value, 0) / n;
  let stt = 0;
  let stv = 0;
  for (const p of points) {
    stt += (p.t - meanT) ** 2;
    stv += (p.t - meanT) * (p.value - meanV);
  }
  const slope = stt === 0 ? Number.NaN : stv / stt;
  const intercept = meanV - slope * meanT;
  const residuals = points.map((p) => p.value - (intercept + slope * p.t));
  const residualSd = n > 2 ? Math.sqrt(residuals.reduce((a, r) => a + r * r, 0) / (n - 2)) : 0;
  return { slope, intercept, residualSd };
}
