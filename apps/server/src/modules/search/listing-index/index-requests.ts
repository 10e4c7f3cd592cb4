import { presentProducerListItem, presentProducerMapItem, producerListJson } from '../search.presenter';
import * as repo from '../search.repository';
import { searchWords } from '../search-text';
import type { TextRules } from './database-text';
import type { IndexKeeper } from './index-keeper';
import type { SuggestedProducer, SuggestedProduct } from './listing-index';
import { lexemeGroups } from './query-words';

/**
 * What the listing index answers (decisions 125, 191, 260, 271), as plain data: the same requests
 * are answered on the main thread or posted to a search thread (decision 300), so each is
 * structured-clone safe and each answer is JSON text or small plain objects.
 */
export type IndexRequest =
  | { kind: 'products'; filters: repo.ProductSearchFilters }
  | { kind: 'producers'; view: 'list' | 'map'; filters: repo.ProducerSearchFilters }
  | { kind: 'suggest'; needle: string; limit: number };

export type Suggested = { products: SuggestedProduct[]; producers: SuggestedProducer[] };

type Replies = {
  /** `ProductSearchResponse` as JSON. */
  products: string;
  /** `ProducerSearchListResponse` (list) or `ProducerMapResponse` (map) as JSON. */
  producers: string;
  suggest: Suggested;
};
export type ReplyTo<R extends IndexRequest> = Replies[R['kind']];

/** An index that is loaded and answers, wherever it runs. */
export interface IndexSearcher {
  /** How the database treats text: the producer list and type-ahead go to SQL for text it reads otherwise (decision 310). */
  readonly textRules: TextRules;
  ask<R extends IndexRequest>(request: R): Promise<ReplyTo<R>>;
}

/** Answers one request from a keeper whose index is loaded. */
export async function answerIndexRequest(keeper: IndexKeeper, request: IndexRequest): Promise<Replies[IndexRequest['kind']]> {
  const index = keeper.index;
  if (!index) throw new Error('the search index is not loaded');
  const now = Date.now();
  if (request.kind === 'suggest') {
    return {
      products: index.suggestProducts(request.needle, request.limit, now),
      producers: index.suggestProducers(request.needle, request.limit, now),
    };
  }
  const text = request.filters.text;
  const groups = text ? lexemeGroups(searchWords(text), index.vocabulary) : [];
  if (request.kind === 'products') {
    // The index ranks, counts and writes the page from the display columns it keeps (decision 260).
    return index.answerJson(index.search({ ...request.filters, groups: groups.length ? groups : null, now }));
  }
  const filters = request.filters;
  const answer = index.searchProducers({
    text,
    groups,
    category: filters.category,
    verifiedOnly: filters.verifiedOnly === true,
    area: filters.area,
    requireCoordinates: filters.requireCoordinates === true,
    limit: filters.limit,
    offset: filters.offset,
    now,
  });
  // The rows kept beside the index (decision 271), fresh from the same feed; read by id if not held.
  // The list is written from each row's kept JSON (decision 310).
  const listJson = request.view === 'list' ? keeper.rows?.listJson(answer.page, answer.total, now) : null;
  if (listJson) return listJson;
  const rows = keeper.rows?.page(answer.page, now) ?? (await repo.producersByIds(keeper.db, answer.page));
  if (request.view === 'list') return producerListJson({ producers: rows.map(presentProducerListItem), total: answer.total });
  return JSON.stringify({ producers: rows.map(presentProducerMapItem), total: answer.total });
}

/** The searcher of an index on this thread. */
export function inThreadSearcher(keeper: IndexKeeper): IndexSearcher | null {
  const index = keeper.index;
  if (!index) return null;
  return {
    textRules: index.textRules,
    ask: <R extends IndexRequest>(request: R) => answerIndexRequest(keeper, request) as Promise<ReplyTo<R>>,
  };
}
