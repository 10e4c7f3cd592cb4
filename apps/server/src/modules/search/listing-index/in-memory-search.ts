import { AppError } from '../../../lib/errors';
import { farmMarkets } from '../../markets';
import { takesOfBits } from '../benefit-filter';
import { presentProducerListItem, presentProducerMapItem, producerListJson } from '../search.presenter';
import * as repo from '../search.repository';
import type { SearchProvider, Suggested } from '../search-provider';
import { searchWords } from '../search-text';
import type { IndexKeeper } from './index-keeper';
import { takesJson } from './listing-display';
import type { ListingIndex } from './listing-index';
import { lexemeGroups } from './query-words';

/** Seconds a client is asked to wait when the index could not load (decision 461). */
const RETRY_AFTER_SECONDS = 5;

/**
 * The search provider of the in-memory listing index (decisions 125, 191, 260, 271, 460): it
 * ranks, counts and writes every answer from memory. A request that arrives while the index loads
 * waits for the load; if the load failed (it is retried), the request gets a 503 that says so.
 */
export class InMemorySearch implements SearchProvider {
  constructor(private readonly keeper: IndexKeeper) {}

  get ready(): boolean {
    return this.keeper.index !== null;
  }

  private async index(): Promise<ListingIndex> {
    const index = this.keeper.index ?? (await this.keeper.loaded());
    if (index) return index;
    throw new AppError(503, 'Search is still starting up. Try again in a few seconds.', undefined, RETRY_AFTER_SECONDS);
  }

  async products(filters: repo.ProductSearchFilters): Promise<string> {
    const index = await this.index();
    const groups = filters.text ? lexemeGroups(searchWords(filters.text), index.vocabulary) : [];
    // The index ranks, counts and writes the page from the display columns it keeps (decision 260).
    const answer = index.search({ ...filters, groups: groups.length ? groups : null, now: filters.now.getTime() });
    return index.answerJson(answer, filters.day);
  }

  async producers(view: 'list' | 'map', filters: repo.ProducerSearchFilters): Promise<string> {
    const index = await this.index();
    const now = filters.now.getTime();
    const text = filters.text;
    const answer = index.searchProducers({
      text,
      groups: text ? lexemeGroups(searchWords(text), index.vocabulary) : [],
      category: filters.category,
      verifiedOnly: filters.verifiedOnly === true,
      benefits: filters.benefits,
      area: filters.area,
      requireCoordinates: filters.requireCoordinates === true,
      limit: filters.limit,
      offset: filters.offset,
      now,
    });
    // The rows kept beside the index (decision 271), fresh from the same feed; read by id if not held.
    // The list is written from each row's kept JSON (decision 310).
    // Each list row says what its farm takes today, as the index knows it (the filter's own answer).
    const rows = this.keeper.rows;
    const takesOf = (producerId: number) => index.producerTakes(producerId, filters.day);
    // Each list row says which markets its farm attends: one read for the page's farms (decision 581).
    const markets =
      view === 'list'
        ? await farmMarkets(
            this.keeper.db,
            answer.page.map((p) => p.producerId),
          )
        : new Map();
    const marketsOf = (producerId: number) => markets.get(producerId) ?? [];
    const listJson =
      view === 'list'
        ? rows?.listJson(
            answer.page,
            answer.total,
            now,
            (id) => takesJson(takesOf(id)),
            (id) => JSON.stringify(marketsOf(id)),
          )
        : null;
    if (listJson) return listJson;
    const page = rows?.page(answer.page, now) ?? (await repo.producersByIds(this.keeper.db, answer.page));
    if (view === 'list') {
      const producers = page.map((row, i) => {
        const producerId = answer.page[i].producerId;
        return presentProducerListItem(row, takesOfBits(takesOf(producerId)), marketsOf(producerId));
      });
      return producerListJson({ producers, total: answer.total });
    }
    return JSON.stringify({ producers: page.map(presentProducerMapItem), total: answer.total });
  }

  async suggest(needle: string, limit: number, now: Date): Promise<Suggested> {
    const index = await this.index();
    const at = now.getTime();
    return { products: index.suggestProducts(needle, limit, at), producers: index.suggestProducers(needle, limit, at) };
  }
}
