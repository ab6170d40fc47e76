import { describe, expect, it } from 'vitest';
import { promqlNames } from './promql-names.js';

describe('promqlNames', () => {
  it('finds the histogram series and the grouping and matcher labels of a quantile', () => {
    const names = promqlNames(
      'histogram_quantile(0.99, sum by (controller, le) (rate(controller_runtime_reconcile_time_seconds_bucket' +
        '{job="$job", namespace="$namespace", controller=~"$controller"}[$__rate_interval])))',
    );
    expect(names.metrics).toEqual(['controller_runtime_reconcile_time_seconds_bucket']);
    expect(names.labels.sort()).toEqual(['controller', 'job', 'le', 'namespace']);
  });

  it('finds every metric of a binary expression and none in numbers, durations, strings or keywords', () => {
    const names = promqlNames(
      'sum without (pod) (a_total offset 5m) / on (job) group_left b{x="sum(c)"} * 1e3 > bool 0.5 or max(d[1h:5m])',
    );
    expect(names.metrics).toEqual(['a_total', 'b', 'd']);
    expect(names.labels.sort()).toEqual(['job', 'pod', 'x']);
  });

  it('reads a label_values variable query and a __name__ matcher', () => {
    expect(promqlNames('label_values(controller_runtime_reconcile_total{namespace="$namespace"}, job)')).toEqual({
      metrics: ['controller_runtime_reconcile_total'],
      labels: ['job', 'namespace'],
    });
    expect(promqlNames('label_values(up, pod)').metrics).toEqual(['up']);
    expect(promqlNames('{__name__="workqueue_depth", name="x"}').metrics).toEqual(['workqueue_depth']);
  });
});
