/** A fixed-window counter of requests per principal, kept in this process's memory. */
export class RateLimiter {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  /**
   * @param limit - Requests allowed per principal per window.
   * @param windowMs - The window's length.
   * @param now - The clock (milliseconds).
   */
  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one request of `principalId`. Counters are keyed by the principal's id, never by a
   * key or token, and all are dropped when a new window starts, so memory stays bounded by the
   * principals active in one window.
   *
   * @returns Whether the request is allowed, what is left, and seconds until the window ends.
   */
  take(principalId: string): { allowed: boolean; remaining: number; resetSeconds: number } {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.windowStart = t - (t % this.windowMs);
      this.counts.clear();
    }
    const used = (this.counts.get(principalId) ?? 0) + 1;
    this.counts.set(principalId, used);
    const resetSeconds = Math.max(1, Math.ceil((this.windowStart + this.windowMs - t) / 1000));
    return { allowed: used <= this.limit, remaining: Math.max(0, this.limit - used), resetSeconds };
  }
}
