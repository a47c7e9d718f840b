/**
 * Resolves after the browser has presented the next frame: a requestAnimationFrame callback runs
 * just before the frame, and a task queued from it runs after that frame is painted. Work awaited
 * behind it (a form's whole-schema validation) no longer delays the frame that shows what the
 * person typed (Event Timing, INP; issue 26, decision 150). Without frames (a hidden document
 * runs no animation frames; jsdom without them), a task is enough.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const task = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
      task();
      return;
    }
    requestAnimationFrame(task);
  });
}
