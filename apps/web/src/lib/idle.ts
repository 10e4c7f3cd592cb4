/**
 * Runs `work` when the browser has nothing more urgent to do (two seconds at the latest): for
 * what the reader does not wait for, such as usage events, so it stays out of the tasks that draw
 * the page (docs/decisions/190).
 */
export function whenIdle(work: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => work(), { timeout: 2000 });
  else setTimeout(work, 1);
}
