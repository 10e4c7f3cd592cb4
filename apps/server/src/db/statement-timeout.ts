import { sql } from 'drizzle-orm';
import { AppError } from '../lib/errors';
import type { DatabaseHandle, Db } from './client';

/** PostgreSQL's code for a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = '57014';

/**
 * Runs `work` with PostgreSQL cancelling any of its statements that outlives `ms`, so that a
 * request whose query would run for minutes (a costly search on a national catalogue) cannot hold
 * a connection and a core: the caller gets a 503 with `busyMessage` and Retry-After instead.
 * The limit is `set local`, inside a transaction of its own: it never reaches another request's
 * statement on the pooled connection. The embedded database has no timer to cancel with; there
 * the work runs as it is.
 */
export async function withStatementTimeout<T>(
  database: DatabaseHandle,
  ms: number,
  busyMessage: string,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (database.engine !== 'postgres') return work(database.db);
  try {
    return await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(ms))}`));
      return work(tx as unknown as Db);
    });
  } catch (error) {
    if (isQueryCanceled(error)) throw new AppError(503, busyMessage, undefined, 5);
    throw error;
  }
}

function isQueryCanceled(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === QUERY_CANCELED || e?.cause?.code === QUERY_CANCELED;
}
