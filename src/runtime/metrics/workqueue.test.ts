import { describe, expect, it } from 'vitest';
import { FakeClock } from '../fake/clock.js';
import { RateLimitingQueue } from '../workqueue/rate-limiting-queue.js';
import { registry } from './registry.js';
import { prometheusQueueMetrics } from './workqueue.js';

async function value(metric: string, labels: Record<string, string>, field?: string): Promise<number | undefined> {
  const m = registry.getSingleMetric(metric);
  if (!m) return undefined;
  const data = await m.get();
  const hit = data.values.find(
    (v) =>
      Object.entries(labels).every(([k, val]) => v.labels[k] === val) &&
      (field === undefined || (v as { metricName?: string }).metricName === field),
  );
  return hit?.value;
}

describe('prometheusQueueMetrics', () => {
  it('records depth, adds, retries, queue and work durations and unfinished work under client-go names', async () => {
    const clock = new FakeClock();
    const q = new RateLimitingQueue({ name: 'mq', clock, metrics: prometheusQueueMetrics });
    const labels = { name: 'mq', controller: 'mq' };
    q.add('a');
    q.add('a');
    q.add('b');
    expect(await value('workqueue_depth', labels)).toBe(2);
    expect(await value('workqueue_adds_total', labels)).toBe(2);
    clock.advance(2000);
    const key = await q.get();
    expect(await value('workqueue_depth', labels)).toBe(1);
    expect(await value('workqueue_queue_duration_seconds', labels, 'workqueue_queue_duration_seconds_count')).toBe(1);
    expect(await value('workqueue_queue_duration_seconds', labels, 'workqueue_queue_duration_seconds_sum')).toBe(2);
    clock.advance(3000);
    expect(await value('workqueue_unfinished_work_seconds', labels)).toBe(3);
    expect(await value('workqueue_longest_running_processor_seconds', labels)).toBe(3);
    q.addRateLimited(key as string);
    q.addAfter('c', 10);
    expect(await value('workqueue_retries_total', labels)).toBe(2);
    q.done(key as string);
    expect(await value('workqueue_work_duration_seconds', labels, 'workqueue_work_duration_seconds_sum')).toBe(3);
    expect(await value('workqueue_unfinished_work_seconds', labels)).toBe(0);
    q.shutDown();
  });

  it('lets two queues with different names share the metrics', async () => {
    const q1 = new RateLimitingQueue({ name: 'one', metrics: prometheusQueueMetrics });
    const q2 = new RateLimitingQueue({ name: 'two', metrics: prometheusQueueMetrics });
    q1.add('x');
    q2.add('x');
    q2.add('y');
    expect(await value('workqueue_adds_total', { name: 'one' })).toBe(1);
    expect(await value('workqueue_adds_total', { name: 'two' })).toBe(2);
    const text = await registry.getSingleMetricAsString('workqueue_adds_total');
    expect(text).toContain('workqueue_adds_total{name="two",controller="two"} 2');
    q1.shutDown();
    q2.shutDown();
  });
});
