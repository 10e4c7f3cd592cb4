import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, tooManyRequests } from '../../lib/errors';
import type { LabelPdfRequest } from './label-pdf';
import type { FromLabelThread, ToLabelThread } from './label-thread-messages';

export const LABELS_BUSY_MESSAGE = 'Your labels are still being made. Please wait for them and try again.';
/** Retry-After for a second print while the first is made: a 500-label print takes a few seconds. */
const BUSY_RETRY_SECONDS = 5;

type Waiting = { resolve: (pdf: Uint8Array) => void; reject: (error: Error) => void };

/**
 * Starts the label thread: from the bundle, dist/label-thread.js beside main.js (scripts/build.mjs);
 * from source (tsx, tests), label-thread.ts behind tsx's loader, which a worker thread does not
 * inherit: the thread registers it first, then imports the entry.
 */
function startThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./label-thread.js', import.meta.url));
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./label-thread.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true });
}

/**
 * The label PDFs of one app, rendered on a worker thread: a 500-label print costs seconds of CPU
 * and large garbage collections, which on the main thread held every other request (and
 * /api/health/live) for as long. The thread starts on first use and renders one print at a time;
 * each user has at most one print being made, so one person cannot queue the thread full.
 */
export class LabelMaker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  /** Users whose print is being made (this instance only: it guards this process's thread). */
  private readonly printing = new Set<number>();

  /** Claims the user's one print at a time; 429 when one is still being made. Call the result when done. */
  claim(userId: number): () => void {
    if (this.printing.has(userId)) throw tooManyRequests(LABELS_BUSY_MESSAGE, BUSY_RETRY_SECONDS);
    this.printing.add(userId);
    return () => this.printing.delete(userId);
  }

  render(request: LabelPdfRequest): Promise<Uint8Array> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request } satisfies ToLabelThread);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.fail(new Error('The label maker stopped'));
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = startThread();
    // The HTTP server keeps the process running; an idle label thread must not.
    worker.unref();
    worker.on('message', (message: FromLabelThread) => {
      const waiting = this.waiting.get(message.id);
      if (!waiting) return;
      this.waiting.delete(message.id);
      if ('pdf' in message) waiting.resolve(message.pdf);
      else {
        const { message: text, statusCode, field } = message.error;
        waiting.reject(statusCode ? new AppError(statusCode, text, field) : new Error(text));
      }
    });
    // A thread that died (out of memory, a crash) fails what it held; the next print starts a new one.
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.fail(error);
    };
    worker.on('error', stopped);
    worker.on('exit', (code) => stopped(new Error(`The label thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private fail(error: Error): void {
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
