/**
 * Fixed-window attempt counters for the anonymous companion-pin calls (decision 080): a pin is 4
 * digits, so without a limit all 10,000 can be tried in seconds and a hit returns that pin's
 * devices. In memory (one process); keys expire with their window.
 */
export interface AttemptLimit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface PinLimits {
  /** Failed pin checks (unknown pin) per client (socket address), across verify-pin and fetch-devices. */
  perClient: AttemptLimit;
  /** Checks of one pin value (known or not), across all clients. */
  perPin: AttemptLimit;
}

export const pinLimits: PinLimits = {
  perClient: { max: 10, windowMs: 60_000 },
  perPin: { max: 30, windowMs: 60_000 },
};

interface Window {
  count: number;
  resetAt: number;
}

export class AttemptCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: AttemptLimit,
    private readonly now: () => number = Date.now,
  ) {}

  private current(key: string): Window | null {
    const window = this.windows.get(key);
    if (!window) return null;
    if (window.resetAt <= this.now()) {
      this.windows.delete(key);
      return null;
    }
    return window;
  }

  /** Seconds until `key` may try again, or 0 when it may now. */
  retryAfterSeconds(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.limit.max) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  record(key: string): void {
    this.sweep();
    const window = this.current(key);
    if (window) window.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.limit.windowMs });
  }

  /** Drops expired windows now and then, so many distinct keys cannot grow the map for ever. */
  private sweep(): void {
    if (this.windows.size < 10_000) return;
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
