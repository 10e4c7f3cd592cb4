/**
 * The label maker's worker thread: renders the PDFs that label-maker.ts posts, one at a time, so a
 * 500-label print (seconds of pdf-lib work and garbage) never stops the main thread answering
 * HTTP. Built as its own file beside main.js (scripts/build.mjs).
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import { renderLabelPdf } from './label-pdf';
import type { FromLabelThread, ToLabelThread } from './label-thread-messages';

const port = parentPort;
if (!port) throw new Error('label-thread.ts runs as a worker thread');

// One render at a time: the thread then holds one document's objects, not a pile of them, and
// the first print queued is the first finished.
let queue: Promise<void> = Promise.resolve();

port.on('message', ({ id, request }: ToLabelThread) => {
  queue = queue.then(async () => {
    let reply: FromLabelThread;
    try {
      const pdf = await renderLabelPdf(request);
      port.postMessage({ id, pdf } satisfies FromLabelThread, [pdf.buffer as ArrayBuffer]);
      return;
    } catch (error) {
      // A refusal (400 naming the field) crosses as data and becomes the same AppError again.
      reply =
        error instanceof AppError
          ? { id, error: { message: error.message, statusCode: error.statusCode, field: error.field } }
          : { id, error: { message: error instanceof Error ? error.message : String(error) } };
    }
    port.postMessage(reply);
  });
});
