import type {
  AttentionItem,
  CatalogUpdate,
  ConflictItem,
  OfflineStore,
  QueueAction,
  QueuedAction,
  Settled,
} from './offline-queue';

/** The offline queue's store in memory, for tests: the same interface and rules as IndexedDB's. */
export class MemoryOfflineStore<A extends QueueAction, C, K> implements OfflineStore<A, C, K> {
  queue: QueuedAction<A>[] = [];
  kept: K | null = null;
  attentionItems = new Map<string, AttentionItem<A>>();
  conflictItems: ConflictItem<C>[] = [];
  values = new Map<string, unknown>();
  private seq = 0;
  private key = 0;

  async enqueue(entry: QueuedAction<A>, update: CatalogUpdate<K>) {
    if (this.queue.some((q) => q.id === entry.id)) return false;
    this.seq += 1;
    this.queue.push(structuredClone({ ...entry, seq: this.seq }));
    this.kept = update(this.kept) ?? this.kept;
    return true;
  }
  async pending(limit?: number) {
    return structuredClone(this.queue.slice(0, limit));
  }
  async count() {
    return this.queue.length;
  }
  async settle(settled: Settled<A, C>) {
    const gone = new Set([...settled.applied.map((a) => a.id), ...settled.refused.map((r) => r.id)]);
    this.queue = this.queue.filter((q) => !gone.has(q.id));
    for (const { id, conflicts } of settled.applied)
      for (const conflict of conflicts) this.conflictItems.push({ key: ++this.key, actionId: id, conflict, at: settled.at });
    for (const item of settled.refused) this.attentionItems.set(item.id, item);
  }
  async attention() {
    return [...this.attentionItems.values()];
  }
  async removeAttention(id: string) {
    this.attentionItems.delete(id);
  }
  async conflicts() {
    return [...this.conflictItems];
  }
  async removeConflict(key: number) {
    this.conflictItems = this.conflictItems.filter((c) => c.key !== key);
  }
  async catalog() {
    return this.kept;
  }
  async replaceCatalog(fresh: K, adjust: (fresh: K, queued: QueuedAction<A>[]) => K) {
    this.kept = adjust(fresh, this.queue);
  }
  async value<T>(key: string) {
    return (this.values.get(key) as T | undefined) ?? null;
  }
  async setValue(key: string, value: unknown) {
    this.values.set(key, value);
  }
}
