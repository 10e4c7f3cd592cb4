/**
 * A search thread (decision 300): its own listing index, loaded from PostgreSQL and kept fresh by the
 * changes the main thread forwards, answering the index requests the main thread posts. The main
 * thread keeps HTTP; the ranking and writing of pages runs here, on another core.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openPostgres } from '../../../db/client';
import { IndexKeeper } from './index-keeper';
import { answerIndexRequest } from './index-requests';
import type { FromSearchThread, SearchThreadData, ToSearchThread } from './search-thread-messages';

const port = parentPort;
if (!port) throw new Error('search-thread.ts runs as a worker thread');
const post = (message: FromSearchThread) => port.postMessage(message);

const { databaseUrl } = workerData as SearchThreadData;
// A few connections: the load reads one table at a time, a change reloads a handful of producers.
const database = await openPostgres(databaseUrl, { poolSize: 4 });
const keeper = new IndexKeeper(database.db, {
  warn: (object, message) => post({ type: 'warn', message, detail: String((object as { err?: Error }).err?.message ?? '') }),
});

port.on('message', (message: ToSearchThread) => {
  if (message.type === 'changed') keeper.changed(message.producerIds);
  else if (message.type === 'settle') keeper.loaded().then(() => post({ type: 'settled', id: message.id }));
  else if (message.type === 'ask') {
    answerIndexRequest(keeper, message.request).then(
      (reply) => post({ type: 'answer', id: message.id, reply }),
      (error: Error) => post({ type: 'answer', id: message.id, error: error.message }),
    );
  }
});

keeper.start();
const index = await keeper.loaded();
post(index ? { type: 'ready', textRules: index.textRules } : { type: 'failed' });
