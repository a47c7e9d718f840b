/**
 * A deterministic clock for replaying machines: it also remembers which delayed event each timer
 * carries. Shared by the path runner (tests/support/paths.ts) and the designers' viewer
 * (scripts/viewer/walker.ts); pure, so it runs in Node and in the browser.
 */
export interface Timer {
  id: number;
  due: number;
  eventType: string;
  fn: () => void;
}

export class PathClock {
  now = 0;
  private nextId = 1;
  readonly timers = new Map<number, Timer>();
  /** Delayed event types announced by `@xstate.action` inspection, awaiting their setTimeout. */
  readonly announced: Array<{ eventType: string; delay: number }> = [];

  setTimeout(fn: () => void, timeout: number): number {
    const id = this.nextId++;
    // Announcements and timers come in the same order; match on the delay to stay safe.
    const index = this.announced.findIndex((a) => a.delay === timeout);
    const [announced] = index >= 0 ? this.announced.splice(index, 1) : [];
    this.timers.set(id, { id, due: this.now + timeout, eventType: announced?.eventType ?? 'unknown', fn });
    return id;
  }

  clearTimeout(id: number): void {
    this.timers.delete(id);
  }

  /** Pending timers, due first (ties: scheduled first). */
  pending(): Timer[] {
    return [...this.timers.values()].sort((a, b) => a.due - b.due || a.id - b.id);
  }

  /** Fires every timer due up to `time`, in due order, then sets `now` to `time`. */
  advanceTo(time: number): void {
    for (;;) {
      const next = this.pending()[0];
      if (!next || next.due > time) break;
      this.timers.delete(next.id);
      this.now = next.due;
      next.fn();
    }
    this.now = time;
  }
}
