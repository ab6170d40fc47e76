import * as prom from 'prom-client';
import { describe, expect, it } from 'vitest';
import { Counter, Gauge, Histogram, Registry } from './prom-client-core.js';
import { registry } from './registry.js';

describe('prom-client-core', () => {
  it('hands out the very classes of the prom-client index', () => {
    expect(Registry).toBe(prom.Registry);
    expect(Counter).toBe(prom.Counter);
    expect(Gauge).toBe(prom.Gauge);
    expect(Histogram).toBe(prom.Histogram);
    expect(registry).toBeInstanceOf(prom.Registry);
  });

  it('serves metrics an operator makes with the index classes from the runtime registry', async () => {
    const counter = new prom.Counter({ name: 'prom_core_test_total', help: 'test counter', registers: [registry] });
    counter.inc(3);
    try {
      expect(await registry.metrics()).toContain('prom_core_test_total 3');
    } finally {
      registry.removeSingleMetric('prom_core_test_total');
    }
  });
});
