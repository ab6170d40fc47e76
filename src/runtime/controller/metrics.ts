import type { Counter, Gauge, Histogram } from 'prom-client';
import { getOrCreateCounter, getOrCreateGauge, getOrCreateHistogram } from '../metrics/get-or-create.js';

/** ReconcileOutcome is the `result` label of `controller_runtime_reconcile_total`. */
export type ReconcileOutcome = 'success' | 'error' | 'requeue' | 'requeue_after';

const outcomes: ReconcileOutcome[] = ['success', 'error', 'requeue', 'requeue_after'];

// controller-runtime's reconcile time buckets, in seconds.
const reconcileTimeBuckets = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.25, 1.5, 1.75,
  2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30, 40, 50, 60,
];

/** ControllerMetrics are the `controller_runtime_*` metrics of one controller, already labelled with its name. */
export class ControllerMetrics {
  private readonly total: Counter<'controller' | 'result'>;
  private readonly errors: Counter<'controller'>;
  private readonly terminalErrors: Counter<'controller'>;
  private readonly panics: Counter<'controller'>;
  private readonly time: Histogram<'controller'>;
  private readonly maxConcurrent: Gauge<'controller'>;
  private readonly activeWorkers: Gauge<'controller'>;
  private readonly labels: { controller: string };

  constructor(readonly controller: string) {
    this.labels = { controller };
    const labelNames = ['controller'] as const;
    this.total = getOrCreateCounter({
      name: 'controller_runtime_reconcile_total',
      help: 'Total number of reconciliations per controller',
      labelNames: ['controller', 'result'],
    });
    this.errors = getOrCreateCounter({
      name: 'controller_runtime_reconcile_errors_total',
      help: 'Total number of reconciliation errors per controller',
      labelNames,
    });
    this.terminalErrors = getOrCreateCounter({
      name: 'controller_runtime_terminal_reconcile_errors_total',
      help: 'Total number of terminal reconciliation errors per controller',
      labelNames,
    });
    this.panics = getOrCreateCounter({
      name: 'controller_runtime_reconcile_panics_total',
      help: 'Total number of reconciliation panics per controller',
      labelNames,
    });
    this.time = getOrCreateHistogram({
      name: 'controller_runtime_reconcile_time_seconds',
      help: 'Length of time per reconciliation per controller',
      labelNames,
      buckets: reconcileTimeBuckets,
    });
    this.maxConcurrent = getOrCreateGauge({
      name: 'controller_runtime_max_concurrent_reconciles',
      help: 'Maximum number of concurrent reconciles per controller',
      labelNames,
    });
    this.activeWorkers = getOrCreateGauge({
      name: 'controller_runtime_active_workers',
      help: 'Number of currently used workers per controller',
      labelNames,
    });
  }

  /** ControllerMetrics.init creates every series at zero, so that rates work from the first scrape. */
  init(maxConcurrentReconciles: number): void {
    for (const result of outcomes) this.total.inc({ ...this.labels, result }, 0);
    this.errors.inc(this.labels, 0);
    this.terminalErrors.inc(this.labels, 0);
    this.panics.inc(this.labels, 0);
    this.activeWorkers.set(this.labels, 0);
    this.maxConcurrent.set(this.labels, maxConcurrentReconciles);
  }

  /** ControllerMetrics.reconciled counts one reconcile with its outcome. */
  reconciled(result: ReconcileOutcome): void {
    this.total.inc({ ...this.labels, result });
  }

  /** ControllerMetrics.failed counts one failed reconcile; terminal failures are also counted apart. */
  failed(terminal: boolean): void {
    this.errors.inc(this.labels);
    if (terminal) this.terminalErrors.inc(this.labels);
  }

  /** ControllerMetrics.panicked counts one reconcile that panicked (threw synchronously or threw a non-Error). */
  panicked(): void {
    this.panics.inc(this.labels);
  }

  /** ControllerMetrics.observeTime records the duration of one reconcile. */
  observeTime(seconds: number): void {
    this.time.observe(this.labels, seconds);
  }

  /** ControllerMetrics.workerStarted counts a worker that began a reconcile. */
  workerStarted(): void {
    this.activeWorkers.inc(this.labels);
  }

  /** ControllerMetrics.workerFinished counts a worker that finished a reconcile. */
  workerFinished(): void {
    this.activeWorkers.dec(this.labels);
  }
}
