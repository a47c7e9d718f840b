/**
 * A press carried from the prerendered page into the app (decision 198). The shell guard queues a
 * button pressed before the app is ready and, after the submit buttons' pop-in delay, shows it
 * loading (decision 198); the handoff replays the press on the app's button and notes here when
 * the visitor pressed it. The first piece of work the app starts soon after that replay (within
 * `busyIndicatorDelays.carriedPressWindow`, passed in) takes the wait with it, so its spinner counts
 * the pop-in from the press, not from the replay: a button that showed its loader on the page
 * does not lose it for half a second after the swap.
 *
 * No imports: the handoff (the app's small entry) and the busy indicator share it.
 */

let carried: { pressedAt: number; replayedAt: number } | null = null;

/** The handoff replays a press the visitor made at `pressedAt` (the page's clock, ms). */
export function carryPress(pressedAt: number, now: number = performance.now()): void {
  carried = { pressedAt, replayedAt: now };
}

/**
 * How long the visitor has waited for the work starting now, in ms: since the carried press,
 * once, within `within` ms of its replay; otherwise 0 (the work starts with its own press).
 */
export function takeCarriedWait(within: number, now: number = performance.now()): number {
  const press = carried;
  carried = null;
  if (!press || now - press.replayedAt > within) return 0;
  return Math.max(0, now - press.pressedAt);
}
