/**
 * operator-ts/runtime/workqueue: the work queue of controllers, with client-go's semantics: de-duplicated
 * string keys (`namespace/name`), never two workers on one key, delayed adds served by a timer heap,
 * per-item exponential backoff combined with an overall token bucket, and a shut down that can drain
 * in-flight work. Controllers make their own; this is for runnables that queue work of their own, and for
 * custom rate limiters.
 *
 * @packageDocumentation
 */
export { realClock, type Clock } from './clock.js';
export { DelayingQueue } from './delaying-queue.js';
export { noopQueueMetrics, type QueueMetricsProvider, type QueueMetricsSink, type UnfinishedWork } from './metrics.js';
export { livePriority, lowPriority, WorkQueue, type WorkQueueOptions } from './queue.js';
export {
  BucketRateLimiter,
  defaultControllerRateLimiter,
  ItemExponentialFailureRateLimiter,
  MaxOfRateLimiter,
  type RateLimiter,
} from './rate-limiter.js';
export { RateLimitingQueue, type RateLimitingQueueOptions } from './rate-limiting-queue.js';
export type { UnavailableHoldOptions } from './unavailable-hold.js';
export { keyToRequest, objectToRequest, requestToKey } from './request-key.js';
