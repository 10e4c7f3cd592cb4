import type { Db } from '../../../db/client';
import type { ListingIndex } from './listing-index';
import { countNames, loadListingIndex, loadNames, loadProducers, loadVocabulary } from './listing-index.loader';
import { loadProducerRows, type ProducerRows, reloadProducerRows } from './producer-rows';

/** Past this many overlay listings the base is rebuilt (in the background) to keep queries lean. */
const REBUILD_AT = 50_000;
/** After a failed first load (the database away at start), the load is tried again after this long. */
const RETRY_LOAD_MS = 5000;

export type KeeperLog = { warn: (object: unknown, message: string) => void };

/**
 * One listing index and the producer list's rows beside it (decisions 125, 271), loaded from the
 * database and kept fresh by the producers the change feed reports (decision 121).
 */
export class IndexKeeper {
  index: ListingIndex | null = null;
  rows: ProducerRows | null = null;
  private loading: Promise<void> | null = null;
  /** Producers changed and not yet applied to the index. */
  private readonly pending = new Set<number>();
  /** While a (re)build runs: every producer changed since it began, applied to the new index. */
  private sinceBuild: Set<number> | null = null;
  private applying: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    readonly db: Db,
    private readonly log: KeeperLog,
  ) {}

  /** Loads the index in the background. Changes reported from now on reach it once it is built. */
  start(): void {
    if (this.loading || this.index || this.stopped) return;
    this.startBuild();
  }

  private startBuild(): void {
    this.loading = this.build()
      .catch((error) => {
        // A rebuild that fails leaves the current index answering; a first load is tried again.
        this.log.warn({ err: error }, 'search index: load failed; trying again');
        if (!this.index) setTimeout(() => this.start(), RETRY_LOAD_MS).unref();
      })
      .finally(() => {
        this.loading = null;
        this.sinceBuild = null;
      });
  }

  /** Producers the change feed reported: applied now if the index is built, else once it is. */
  changed(producerIds: Iterable<number>): void {
    for (const id of producerIds) {
      this.pending.add(id);
      this.sinceBuild?.add(id);
    }
    if (this.index) this.scheduleApply();
  }

  /** Resolves once the load under way (if any) and the changes applied so far are done. */
  async loaded(): Promise<ListingIndex | null> {
    await this.loading;
    await this.applying;
    return this.index;
  }

  stop(): void {
    this.stopped = true;
    this.index = null;
    this.rows = null;
  }

  private async build(): Promise<void> {
    // Changes from here on are applied to the new index once it is built (the old one, if any, keeps
    // answering and taking them meanwhile).
    this.sinceBuild = new Set();
    const index = await loadListingIndex(this.db);
    const rows = await loadProducerRows(this.db);
    if (this.stopped) return;
    for (const id of this.sinceBuild) this.pending.add(id);
    this.index = index;
    this.rows = rows;
    this.scheduleApply();
    await this.applying;
  }

  /** Applies pending changes one batch at a time (reloads of the same producers never interleave). */
  private scheduleApply(): void {
    this.applying = this.applying.then(async () => {
      const { index, rows, db } = this;
      if (!index || this.pending.size === 0 || this.stopped) return;
      const producerIds = [...this.pending];
      this.pending.clear();
      try {
        const [updates, rowUpdates, vocabulary, nameCount] = await Promise.all([
          loadProducers(db, producerIds),
          reloadProducerRows(db, producerIds),
          loadVocabulary(db),
          countNames(db),
        ]);
        // The type-ahead's names only grow: a new count means a product with a new name (decision 191).
        const names = nameCount !== index.nameCount ? await loadNames(db) : null;
        index.applyProducers(updates);
        rows?.apply(rowUpdates);
        index.vocabulary = vocabulary;
        if (names) index.setNames(names);
      } catch (error) {
        // Try again with the next poll.
        for (const id of producerIds) this.pending.add(id);
        this.log.warn({ err: error }, 'search index: could not reload changed producers');
        return;
      }
      if (index.overlaySize > REBUILD_AT && this.loading === null) this.startBuild();
    });
  }
}
