/**
 * Group commit for the send path (docs/decisions/119): sends that arrive while the
 * server is busy are written together, in one statement, and each caller is answered only after
 * that statement (its own transaction) has committed.
 *
 * - No timer: everything queued in one turn of the event loop is flushed at its end (setImmediate),
 *   so a lone send waits for nothing; under load, sends pile up while earlier batches are in flight
 *   and the next batch takes them all.
 * - At most `maxInFlight` statements run at once, each of at most `maxBatch` items.
 * - When a batch statement fails, every item in it is retried alone (`runOne`), so one bad item
 *   fails only its own caller, as before batching.
 */
export type BatchOptions<In, Out> = {
  /** Runs many items in one statement; the result holds the output of each input by its index (absent = none). */
  runMany: (items: readonly In[]) => Promise<Map<number, Out>>;
  /** Runs one item alone: the fallback when a batch fails. */
  runOne: (item: In) => Promise<Out | null>;
  maxBatch?: number;
  maxInFlight?: number;
};

type Waiting<In, Out> = { item: In; resolve: (value: Out | null) => void; reject: (error: unknown) => void };

export class GroupCommit<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  /** Batches run and items they carried, for tests and the decision record. */
  readonly stats = { batches: 0, items: 0, largest: 0, fallbacks: 0 };

  constructor(private readonly options: BatchOptions<In, Out>) {
    this.maxBatch = options.maxBatch ?? 256;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  /** Resolves with the item's output once its batch has committed, or null when the statement stored nothing for it. */
  submit(item: In): Promise<Out | null> {
    return new Promise<Out | null>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      this.run(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async run(batch: Waiting<In, Out>[]): Promise<void> {
    this.stats.batches++;
    this.stats.items += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    let results: Map<number, Out>;
    try {
      results = await this.options.runMany(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // Nothing of the batch was stored (one statement): each item on its own says whose fault it was.
      this.stats.fallbacks++;
      await Promise.all(batch.map((waiting) => this.options.runOne(waiting.item).then(waiting.resolve, waiting.reject)));
      return;
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(results.get(index) ?? null);
  }
}
