import { type BenefitTable, DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import type { StandAction, StandCatalog } from '@farmstand/shared/schemas/stand';
import { keepCatalog, queueAction, type SendBatch, SyncError, type SyncReport, syncQueue } from './queue';
import type { AttentionItem, ConflictItem, StandStore } from './store';

/**
 * One farm's register on this phone (decision 577): the kept catalogue and benefit table, the
 * queue's count, what needs attention and the conflicts, and the sync loop. The loop runs when the
 * phone is online: at start, after each action, on the browser's `online` event, and after a
 * failure with a growing wait (2 s doubling to 1 min). After a sync that leaves the queue empty it
 * fetches a fresh catalogue (so the stock the other phones and the web shop sold shows).
 */

export type StandSnapshot = {
  loaded: boolean;
  catalog: StandCatalog | null;
  table: BenefitTable;
  waiting: number;
  attention: AttentionItem[];
  conflicts: ConflictItem[];
  online: boolean;
  syncing: boolean;
  lastReport: SyncReport | null;
  /** A stop the farmer must act on (signed out, not a farm account), or a catalogue that could not load. */
  problem: string | null;
};

export type SessionDeps = {
  send: SendBatch;
  fetchCatalog: () => Promise<StandCatalog>;
  fetchTable: () => Promise<BenefitTable>;
  now: () => string;
  isOnline: () => boolean;
};

const TABLE = 'benefit-table';
const FIRST_WAIT_MS = 2000;
const LONGEST_WAIT_MS = 60_000;

export class StandSession {
  private snapshot: StandSnapshot = {
    loaded: false,
    catalog: null,
    table: DEFAULT_BENEFIT_TABLE,
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
    readonly store: StandStore,
    private readonly deps: SessionDeps,
  ) {
    this.snapshot.online = deps.isOnline();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(patch: Partial<StandSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Reads what the phone kept, then syncs; idempotent. */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const table = await this.store.value<BenefitTable>(TABLE);
    if (table) this.set({ table });
    await this.reload();
    this.set({ loaded: true });
    this.kick();
  }

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

  /** Queues an action (stored before this resolves), then tries to send it. */
  async record(action: StandAction): Promise<StandAction> {
    const stored = await queueAction(this.store, action, this.deps.now());
    await this.reload();
    this.kick();
    return stored;
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
      const report = await syncQueue(this.store, this.deps.send, this.deps.now);
      this.set({ lastReport: report, problem: null });
      if (report.left === 0) await this.refreshCatalog();
      this.wait = FIRST_WAIT_MS;
    } catch (error) {
      const retry = !(error instanceof SyncError) || error.retry;
      if (retry) this.retryLater();
      else this.set({ problem: stopMessage(error as SyncError, this.snapshot.waiting) });
    } finally {
      await this.reload();
      this.set({ syncing: false });
    }
  }

  private async refreshCatalog() {
    try {
      const [fresh, table] = await Promise.all([this.deps.fetchCatalog(), this.deps.fetchTable().catch(() => null)]);
      await keepCatalog(this.store, fresh);
      if (table) {
        await this.store.setValue(TABLE, table);
        this.set({ table });
      }
    } catch (error) {
      if (error instanceof SyncError && !error.retry) throw error;
      // The kept catalogue stays; a later sync fetches it again.
      if (!this.snapshot.catalog) this.set({ problem: (error as Error).message });
    }
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

function stopMessage(error: SyncError, waiting: number): string {
  const kept = waiting > 0 ? ` The ${waiting} waiting ${waiting === 1 ? 'action is' : 'actions are'} kept on this phone.` : '';
  if (error.status === 401) return `Sign in again to send the sales.${kept}`;
  return `${error.message}.${kept}`.replace('..', '.');
}
