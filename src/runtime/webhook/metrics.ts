import { getOrCreateCounter, getOrCreateGauge, getOrCreateHistogram } from '../metrics/get-or-create.js';

/**
 * webhookMetrics records controller-runtime's webhook metrics: requests by path and HTTP code, latency
 * by path.
 */
export const webhookMetrics = {
  /** webhookMetrics.observe records one finished request. */
  observe(path: string, code: number, seconds: number): void {
    getOrCreateCounter({
      name: 'controller_runtime_webhook_requests_total',
      help: 'Total number of admission requests by HTTP status code.',
      labelNames: ['webhook', 'code'],
    })
      .labels(path, String(code))
      .inc();
    getOrCreateHistogram({
      name: 'controller_runtime_webhook_latency_seconds',
      help: 'Histogram of the latency of processing admission requests',
      labelNames: ['webhook'],
    })
      .labels(path)
      .observe(seconds);
  },
  /** webhookMetrics.inFlight moves the in-flight gauge of a path by delta. */
  inFlight(path: string, delta: number): void {
    getOrCreateGauge({
      name: 'controller_runtime_webhook_requests_in_flight',
      help: 'Current number of admission requests being served.',
      labelNames: ['webhook'],
    })
      .labels(path)
      .inc(delta);
  },
};
