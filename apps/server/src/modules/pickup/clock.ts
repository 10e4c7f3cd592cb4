/**
 * The one clock of pickup windows, cut-offs and order expiry. Tests move it (setClock) to cross a
 * cut-off or the 48-hour expiry without waiting; the app uses the wall clock.
 */
let current: () => Date = () => new Date();

export const now = (): Date => current();

export function setClock(clock: () => Date): void {
  current = clock;
}

export function resetClock(): void {
  current = () => new Date();
}
