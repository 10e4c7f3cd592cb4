import type { TextRules } from './database-text';
import type { IndexRequest, Suggested } from './index-requests';

/** What a search thread is started with. */
export type SearchThreadData = { databaseUrl: string };

/** Main thread → search thread. */
export type ToSearchThread =
  | { type: 'ask'; id: number; request: IndexRequest }
  /** Producers the change feed reported (decision 121). */
  | { type: 'changed'; producerIds: number[] }
  /** Answered once every change posted before it is applied (tests, like listingIndexCaughtUp). */
  | { type: 'settle'; id: number };

/** Search thread → main thread. */
export type FromSearchThread =
  | { type: 'ready'; textRules: TextRules }
  | { type: 'failed' }
  | { type: 'answer'; id: number; reply?: string | Suggested; error?: string }
  | { type: 'settled'; id: number }
  | { type: 'warn'; message: string; detail: string };
