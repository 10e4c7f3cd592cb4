import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { NO_TEXT_RULES, type TextRules } from './database-text';
import type { KeeperLog } from './index-keeper';
import type { IndexRequest, IndexSearcher, ReplyTo } from './index-requests';
import type { FromSearchThread, SearchThreadData, ToSearchThread } from './search-thread-messages';

/** A thread that stopped unexpectedly is replaced after this long (not in a tight loop). */
const RESTART_DELAY_MS = 1_000;

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };

type SearchThread = {
  worker: Worker;
  ready: boolean;
  /** Requests posted and not yet answered, by id: the least busy thread gets the next one. */
  waiting: Map<number, Waiting>;
};

/**
 * Starts a search thread: from the bundle, dist/search-thread.js beside main.js (scripts/build.mjs);
 * from source (tsx, tests), search-thread.ts beside this file, behind tsx's loader, which a worker
 * thread does not inherit: the thread registers it first, then imports the entry.
 */
function startThread(workerData: SearchThreadData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./search-thread.js', import.meta.url), { workerData });
  // require.resolve finds the CommonJS build (index.cjs); the ES module build (index.mjs) sits beside it.
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./search-thread.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData });
}

/**
 * The listing index run on search threads (decision 300): each thread loads its own copy from
 * PostgreSQL and takes the changes the feed reports; requests go to the ready thread with the fewest
 * in flight. Ranking and writing a page is most of a search's time, so with the threads the main
 * thread only does HTTP and a second core ranks; a scavenge in one thread no longer stops them all.
 */
export class SearchThreads implements IndexSearcher {
  textRules: TextRules = NO_TEXT_RULES;
  private readonly threads: SearchThread[] = [];
  private nextId = 1;
  private stopped = false;
  /** Resolves once every first load has ended (ready or failed). */
  private readonly firstLoads: Promise<void>[] = [];

  constructor(
    private readonly databaseUrl: string,
    count: number,
    private readonly log: KeeperLog,
  ) {
    for (let i = 0; i < count; i++) this.firstLoads.push(this.spawn(i));
  }

  /** True once at least one thread has its index: until then the SQL path answers. */
  get ready(): boolean {
    return this.threads.some((thread) => thread?.ready);
  }

  /** Waits for the first loads (and the changes applied so far, see settle). */
  async loaded(): Promise<void> {
    await Promise.all(this.firstLoads);
  }

  ask<R extends IndexRequest>(request: R): Promise<ReplyTo<R>> {
    const thread = this.leastBusy();
    if (!thread) return Promise.reject(new Error('no search thread is ready'));
    return this.post(thread, (id) => ({ type: 'ask', id, request })) as Promise<ReplyTo<R>>;
  }

  /** Forwards the feed's changes to every thread, loading or ready. */
  changed(producerIds: number[]): void {
    for (const thread of this.threads) thread?.worker.postMessage({ type: 'changed', producerIds } satisfies ToSearchThread);
  }

  /** Resolves once every ready thread has applied the changes forwarded so far. */
  async settle(): Promise<void> {
    await Promise.all(this.threads.filter((t) => t?.ready).map((t) => this.post(t, (id) => ({ type: 'settle', id }))));
  }

  stop(): void {
    this.stopped = true;
    for (const thread of this.threads) void thread?.worker.terminate();
  }

  private leastBusy(): SearchThread | null {
    let best: SearchThread | null = null;
    for (const thread of this.threads) {
      if (thread?.ready && (!best || thread.waiting.size < best.waiting.size)) best = thread;
    }
    return best;
  }

  private post(thread: SearchThread, message: (id: number) => ToSearchThread): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      thread.waiting.set(id, { resolve, reject });
      thread.worker.postMessage(message(id));
    });
  }

  /** Starts thread `slot`; resolves when its first load ends. */
  private spawn(slot: number): Promise<void> {
    const worker = startThread({ databaseUrl: this.databaseUrl });
    // The threads never keep the process alive: shutdown closes the app, which stops them.
    worker.unref();
    const thread: SearchThread = { worker, ready: false, waiting: new Map() };
    this.threads[slot] = thread;
    return new Promise((firstLoadEnded) => {
      worker.on('message', (message: FromSearchThread) => {
        if (message.type === 'ready') {
          this.textRules = message.textRules;
          thread.ready = true;
          firstLoadEnded();
        } else if (message.type === 'failed') firstLoadEnded();
        else if (message.type === 'warn') this.log.warn({ detail: message.detail }, message.message);
        else {
          const waiting = thread.waiting.get(message.id);
          thread.waiting.delete(message.id);
          if (message.type === 'answer' && message.error !== undefined) waiting?.reject(new Error(message.error));
          else waiting?.resolve(message.type === 'answer' ? message.reply : undefined);
        }
      });
      worker.on('error', (error) => this.log.warn({ err: error }, 'search thread: stopped with an error'));
      worker.on('exit', () => {
        const wasReady = thread.ready;
        thread.ready = false;
        for (const waiting of thread.waiting.values()) waiting.reject(new Error('the search thread stopped'));
        thread.waiting.clear();
        firstLoadEnded();
        // A thread that never loaded (the database unreachable, say) is not restarted in a loop: the
        // SQL path answers, as when the index on the main thread fails to load.
        if (this.stopped || !wasReady) return;
        // Its requests failed; the others keep answering while a new thread loads in its place.
        setTimeout(() => {
          if (!this.stopped) void this.spawn(slot);
        }, RESTART_DELAY_MS).unref();
      });
    });
  }
}
