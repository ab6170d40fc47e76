import { describe, expect, it } from 'vitest';
import { ControllerMetrics } from './metrics.js';
import { registry } from '../metrics/registry.js';

describe('ControllerMetrics', () => {
  it('can be created for several controllers and again after the registry was cleared', async () => {
    const a = new ControllerMetrics('a');
    const b = new ControllerMetrics('b');
    a.init(2);
    b.init(1);
    a.reconciled('success');
    a.failed(true);
    b.panicked();
    const text = await registry.metrics();
    expect(text).toContain('controller_runtime_reconcile_total{controller="a",result="success"} 1');
    expect(text).toContain('controller_runtime_reconcile_total{controller="b",result="requeue_after"} 0');
    expect(text).toContain('controller_runtime_terminal_reconcile_errors_total{controller="a"} 1');
    expect(text).toContain('controller_runtime_reconcile_errors_total{controller="a"} 1');
    expect(text).toContain('controller_runtime_reconcile_panics_total{controller="b"} 1');
    expect(text).toContain('controller_runtime_max_concurrent_reconciles{controller="a"} 2');
    registry.clear();
    const c = new ControllerMetrics('c');
    c.init(1);
    expect(await registry.getSingleMetricAsString('controller_runtime_active_workers')).toContain(
      'controller_runtime_active_workers{controller="c"} 0',
    );
  });
});
