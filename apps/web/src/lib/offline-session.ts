import {
  type AttentionItem,
  type CatalogUpdate,
  type ConflictItem,
  type OfflineStore,
  type QueueAction,
  type QueuedAction,
  type QueueResult,
  type SendBatch,
  SyncError,
  type SyncReport,
  syncQueue,
} from './offline-queue';

/**
 * One offline queue on this phone as a screen reads it (decision 577; the stand's register and the
 * market's info booth): the kept catalogue, the queue's count, what needs attention and the
 * conflicts, and the sync loop. The loop runs when the phone is online: at start, after each
 * action, on the browser's `online` event, and after a failure with a growing wait (2 s doubling
 * to 1 min). After a sync that leaves the queue empty it fetches a fresh catalogue (`refresh`).
 */

export type OfflineSnapshot<A, C, K, R> = {
  loaded: boolean;
  catalog: K | null;
  waiting: number;
  attention: AttentionItem<A>[];
  conflicts: ConflictItem<C>[];
  online: boolean;
  syncing: boolean;
  lastReport: SyncReport<R> | null;
  /** A stop the person must act on (signed out, not allowed), or a catalogue that could not load. */
  problem: string | null;
};

export type OfflineDeps<A, K, R> = {
  send: SendBatch<A, R>;
  /** How many actions one request carries. */
  batch: number;
  fetchCatalog: () => Promise<K>;
  /** A fresh catalogue less what the still-queued actions take (the stock a queued sale sold). */
  adjust: (fresh: K, queued: QueuedAction<A>[]) => K;
  /** What must be fixed before an action is queued (null: nothing). */
  problemOf: (action: A) => string | null;
  /** How an action changes the kept catalogue, written with it. */
  update: (action: A) => CatalogUpdate<K>;
  /** The words for a stop the person must act on: "Sign in again to send the sales." */
  stopMessage: (error: SyncError, waiting: number) => string;
  now: () => string;
  isOnline: () => boolean;
};

const FIRST_WAIT_MS = 2000;
const LONGEST_WAIT_MS = 60_000;

export class OfflineSession<A extends QueueAction, C, K, R extends QueueResult<C>> {
  protected snapshot: OfflineSnapshot<A, C, K, R> = {
    loaded: false,
    catalog: null,
    waiting: 0,
    attention: [],
    conflicts: [],
    online: true,
    syncing: false,
    lastReport: null,
    problem: null,
  };
  private listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private wait = FIRST_WAIT_MS;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private started = false;

  constructor(
    readonly store: OfflineStore<A, C, K>,
    protected readonly deps: OfflineDeps<A, K, R>,
  ) {
    this.snapshot.online = deps.isOnline();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  protected set(patch: Partial<OfflineSnapshot<A, C, K, R>>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Reads what the phone kept, then syncs; idempotent. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.loadKept();
    await this.reload();
    this.set({ loaded: true });
    this.kick();
  }

  /** What else the phone kept, read once at start (a feature's own values). */
  protected async loadKept(): Promise<void> {}

  setOnline(online: boolean) {
    this.set({ online });
    if (online) {
      this.wait = FIRST_WAIT_MS;
      this.kick();
    }
  }

  /** Re-reads the kept catalogue, the queue's count, attention and conflicts. */
  async reload(): Promise<void> {
    const [catalog, waiting, attention, conflicts] = await Promise.all([
      this.store.catalog(),
      this.store.count(),
      this.store.attention(),
      this.store.conflicts(),
    ]);
    this.set({ catalog, waiting, attention, conflicts });
  }

  /**
   * Queues an action with its change to the kept catalogue (both stored before this resolves),
   * then tries to send it. An action to correct first (`problemOf`) is refused with the reason.
   */
  async record(action: A): Promise<A> {
    const problem = this.deps.problemOf(action);
    if (problem) throw new Error(problem);
    await this.store.enqueue({ id: action.id, action, queuedAt: this.deps.now() }, this.deps.update(action));
    await this.reload();
    this.kick();
    return action;
  }

  async dismissConflict(key: number) {
    await this.store.removeConflict(key);
    await this.reload();
  }

  async removeAttention(id: string) {
    await this.store.removeAttention(id);
    await this.reload();
  }

  /** Sends now (the "Send now" button, an action, the online event); a run already going runs once more after. */
  kick(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves when no sync is running (tests, and the "Send now" button's busy state). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    if (!this.deps.isOnline()) {
      this.set({ online: false });
      return;
    }
    this.set({ syncing: true, online: true });
    try {
      const report = await syncQueue(this.store, this.deps.send, this.deps.now, this.deps.batch);
      this.set({ lastReport: report, problem: null });
      if (report.left === 0) await this.refresh();
      this.wait = FIRST_WAIT_MS;
    } catch (error) {
      const retry = !(error instanceof SyncError) || error.retry;
      if (retry) this.retryLater();
      else this.set({ problem: this.deps.stopMessage(error as SyncError, this.snapshot.waiting) });
    } finally {
      await this.reload();
      this.set({ syncing: false });
    }
  }

  /** Keeps a fresh catalogue; without one the kept one stays and a later sync fetches it again. */
  protected async refresh(): Promise<void> {
    try {
      await this.store.replaceCatalog(await this.deps.fetchCatalog(), this.deps.adjust);
    } catch (error) {
      this.refreshFailed(error);
    }
  }

  /** A stop (signed out) is the person's to act on; anything else leaves the kept catalogue for now. */
  protected refreshFailed(error: unknown) {
    if (error instanceof SyncError && !error.retry) throw error;
    if (!this.snapshot.catalog) this.set({ problem: (error as Error).message });
  }

  private retryLater() {
    if (this.timer) clearTimeout(this.timer);
    const wait = this.wait;
    this.wait = Math.min(this.wait * 2, LONGEST_WAIT_MS);
    this.timer = setTimeout(() => this.kick(), wait);
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
