/** Counters are what the runtime benchmark compares between the two operators, read from their /metrics. */
export interface Counters {
  reconciles: number;
  errors: number;
  conflicts: number;
  retries: number;
  staleSkipped: number;
  reconcileSeconds: number;
  queueSeconds: number;
  queueDepth: number;
}
/** Sample is one parsed Prometheus sample. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
/** freePort returns a loopback TCP port nobody listens on right now. */
export declare function freePort(): Promise<number>;
/** parseMetrics turns Prometheus text exposition into samples. */
export declare function parseMetrics(text: string): Sample[];
/** readCounters scrapes http://127.0.0.1:<port>/metrics; undefined when it does not answer. */
export declare function readCounters(port: number): Promise<Counters | undefined>;
/** diffCounters returns after − before for every counter, or undefined when either is missing. */
export declare function diffCounters<C extends Record<string, number>>(
  before: C | undefined,
  after: C | undefined,
): C | undefined;
/** readHeap returns the operator's heap used and committed in MiB; undefined when /metrics does not answer. */
export declare function readHeap(
  port: number,
): Promise<{ usedMiB: number | undefined; totalMiB: number | undefined } | undefined>;
/** readServerUpdates reads the API server's count and total seconds of BenchItem status updates. */
export declare function readServerUpdates(api: {
  requestText(path: string): Promise<string>;
}): Promise<{ count: number; seconds: number } | undefined>;
