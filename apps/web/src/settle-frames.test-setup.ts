import { afterAll } from 'vitest';

/**
 * Preact runs effects after the next frame, with a 35 ms timer beside the animation frame that
 * calls `cancelAnimationFrame` when it fires. A test file that ends with one pending (a slow
 * machine) saw it fire after jsdom was gone: "cancelAnimationFrame is not defined", failing the run.
 * Each file lets those timers fire while its DOM is still there.
 */
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));
