import { type BenefitTable, DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { STAND_SYNC_BATCH } from '@farmstand/shared/constants/limits';
import type { StandAction, StandActionResult, StandCatalog, StandConflict } from '@farmstand/shared/schemas/stand';
import type { SendBatch, SyncError } from '@/lib/offline-queue';
import { OfflineSession, type OfflineSnapshot } from '@/lib/offline-session';
import { actionProblem, withActions } from './queue';
import type { StandStore } from './store';

/**
 * One farm's register on this phone (decision 577): the shared offline queue's session
 * (`lib/offline-session.ts`: the kept catalogue, the queue's count, attention, conflicts and the
 * sync loop) with the stand's rules (a sale takes its stock off the kept catalogue) and, beside
 * the catalogue, the benefit table the tender rules read, fetched with it after a sync that leaves
 * the queue empty.
 */

export type StandSnapshot = OfflineSnapshot<StandAction, StandConflict, StandCatalog, StandActionResult> & {
  table: BenefitTable;
};

export type SessionDeps = {
  send: SendBatch<StandAction, StandActionResult>;
  fetchCatalog: () => Promise<StandCatalog>;
  fetchTable: () => Promise<BenefitTable>;
  now: () => string;
  isOnline: () => boolean;
};

const TABLE = 'benefit-table';

export class StandSession extends OfflineSession<StandAction, StandConflict, StandCatalog, StandActionResult> {
  declare protected snapshot: StandSnapshot;
  private readonly fetchTable: () => Promise<BenefitTable>;

  constructor(store: StandStore, deps: SessionDeps) {
    super(store, {
      ...deps,
      batch: STAND_SYNC_BATCH,
      adjust: (catalog, queued) =>
        withActions(
          catalog,
          queued.map((entry) => entry.action),
        ),
      problemOf: actionProblem,
      update: (action) => (catalog) => (catalog ? withActions(catalog, [action]) : null),
      stopMessage,
    });
    this.fetchTable = deps.fetchTable;
    this.snapshot = { ...this.snapshot, table: DEFAULT_BENEFIT_TABLE };
  }

  override getSnapshot = () => this.snapshot;

  protected override set(patch: Partial<StandSnapshot>) {
    super.set(patch);
  }

  protected override async loadKept() {
    const table = await this.store.value<BenefitTable>(TABLE);
    if (table) this.set({ table });
  }

  protected override async refresh() {
    try {
      const [fresh, table] = await Promise.all([this.deps.fetchCatalog(), this.fetchTable().catch(() => null)]);
      await this.store.replaceCatalog(fresh, this.deps.adjust);
      if (table) {
        await this.store.setValue(TABLE, table);
        this.set({ table });
      }
    } catch (error) {
      this.refreshFailed(error);
    }
  }
}

function stopMessage(error: SyncError, waiting: number): string {
  const kept = waiting > 0 ? ` The ${waiting} waiting ${waiting === 1 ? 'action is' : 'actions are'} kept on this phone.` : '';
  if (error.status === 401) return `Sign in again to send the sales.${kept}`;
  return `${error.message}.${kept}`.replace('..', '.');
}
