import { useState } from 'react';
import { Pager } from '@/components/ui/admin-ui';
import { CLIENT_ERRORS_PER_PAGE, useClientErrors } from '../api';
import { useAdminDates } from '../use-admin-dates';

/** Uncaught errors that visitors' browsers reported (POST /api/client-errors), newest first. */
export function ClientErrors() {
  const { dateTime } = useAdminDates();
  const [page, setPage] = useState(1);
  const query = useClientErrors(page);
  return (
    <section aria-labelledby="client-errors-title" className="mt-8">
      <h2 id="client-errors-title" className="mb-1 text-lg font-semibold">
        Browser errors
      </h2>
      <p className="mb-4 text-sm text-stone-600 dark:text-stone-300">
        Errors visitors' browsers met and reported. Quote the request id when you look for it in the server log.
      </p>
      {query.isError && <p className="text-sm text-red-800 dark:text-red-300">Failed to load browser errors</p>}
      {query.data && query.data.errors.length === 0 && (
        <p className="text-sm text-stone-600 dark:text-stone-300">No browser errors reported.</p>
      )}
      {query.data && query.data.errors.length > 0 && (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900">
          {query.data.errors.map((error) => (
            <li key={error.id} className="p-4 text-sm">
              <p className="font-medium break-words">{error.message}</p>
              <p className="mt-1 break-all text-stone-600 dark:text-stone-300">
                {dateTime(error.created_at)} · {error.url ?? 'unknown page'}
                {error.user_id !== null && ` · user #${error.user_id}`}
                {error.request_id && ` · request ${error.request_id}`}
              </p>
              {error.stack && (
                <details className="mt-2">
                  <summary className="cursor-pointer text-stone-700 dark:text-stone-200">Stack trace</summary>
                  <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded bg-stone-100 p-2 text-xs dark:bg-stone-800">
                    {error.stack}
                  </pre>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
      {query.data && <Pager page={page} limit={CLIENT_ERRORS_PER_PAGE} total={query.data.total} onPage={setPage} />}
    </section>
  );
}
