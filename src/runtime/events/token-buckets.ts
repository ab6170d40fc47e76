/**
 * TokenBuckets is a set of token buckets keyed by string (one per object), the spam filter of client-go's
 * event correlator: `burst` events at once, then one more every `refillIntervalMs`. Buckets that are full
 * again are forgotten so that the map does not grow with every object ever seen.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; updated: number }>();

  constructor(
    private readonly burst: number,
    private readonly refillIntervalMs: number,
  ) {}

  /** TokenBuckets.take spends one token of `key` at time `at` (ms); false when the bucket is empty. */
  take(key: string, at: number): boolean {
    if (this.buckets.size > 4096) this.prune(at);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, updated: at };
    const earned = this.refillIntervalMs > 0 ? Math.floor((at - bucket.updated) / this.refillIntervalMs) : this.burst;
    if (earned > 0) {
      bucket.tokens = Math.min(this.burst, bucket.tokens + earned);
      bucket.updated = bucket.tokens === this.burst ? at : bucket.updated + earned * this.refillIntervalMs;
    }
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private prune(at: number): void {
    for (const [key, bucket] of this.buckets) {
      const full = bucket.tokens + (at - bucket.updated) / this.refillIntervalMs >= this.burst;
      if (full) this.buckets.delete(key);
    }
  }
}
