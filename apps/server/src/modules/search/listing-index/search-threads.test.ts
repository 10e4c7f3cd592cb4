import { describe, expect, it } from 'vitest';
import { SearchThreads } from './search-threads';

/**
 * Search threads that cannot load (decision 300): search stays on the SQL path, as when the index
 * on the main thread fails to load, and the threads are not restarted in a loop. The answers of
 * loaded threads are checked in search-quality.test.ts and search.scale-out.test.ts (PostgreSQL).
 */
describe('search threads without a database', () => {
  it('are never ready, refuse requests with a message, and warn once per thread', async () => {
    const warnings: string[] = [];
    // Port 9 (discard) is closed: every connection is refused at once.
    const threads = new SearchThreads('postgres://nobody@127.0.0.1:9/none', 2, {
      warn: (_detail, message) => warnings.push(message),
    });
    try {
      await threads.loaded();
      expect(threads.ready).toBe(false);
      await expect(threads.ask({ kind: 'suggest', needle: 'honey', limit: 5 })).rejects.toThrow('no search thread is ready');
      // Longer than a restart's delay: a failed load is not retried in a loop.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(warnings).toEqual([
        'search index: load failed; the SQL path answers',
        'search index: load failed; the SQL path answers',
      ]);
    } finally {
      threads.stop();
    }
  });
});
