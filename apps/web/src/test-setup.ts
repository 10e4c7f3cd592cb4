import { afterAll } from 'vitest';

/**
 * Preact runs effects after the next frame, with a 35 ms timer beside the animation frame that
 * calls `cancelAnimationFrame` when it fires. A test file that ends with one pending (a slow
 * machine) saw it fire after jsdom was gone: "cancelAnimationFrame is not defined", failing the run.
 * Each file lets those timers fire while its DOM is still there.
 */
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));

/**
 * jsdom has no modal <dialog>: no `showModal` or `close` (our modals are native dialogs). Opening
 * one marks it open and focuses its `[autofocus]` control, as a browser does; closing marks it shut.
 */
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
    this.querySelector<HTMLElement>('[autofocus]')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
}
