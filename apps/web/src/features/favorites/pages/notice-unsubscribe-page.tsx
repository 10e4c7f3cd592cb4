import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useNoticeUnsubscribe } from '../notices-api';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';

/**
 * Where an "ordering is open" mail's unsubscribe link lands (decision 513). Opening it changes
 * nothing (mail scanners open links too); the button does. A mail client's own "Unsubscribe" POSTs
 * to the API directly (RFC 8058). Works signed in or not: the link says whose notices and which farm.
 */
export default function NoticeUnsubscribePage() {
  useDocumentTitle('Stop a farm’s notices');
  const { token = '' } = useParams();
  const unsubscribe = useNoticeUnsubscribe(token);
  const done = unsubscribe.isSuccess;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">{done ? 'Notices stopped' : 'Stop this farm’s notices?'}</h1>
      {!done && (
        <p className="mt-2 text-center text-stone-600 dark:text-stone-300">
          You will no longer get “ordering is open” e-mails from this farm. It stays in your favourites.
        </p>
      )}
      <Card className="mt-6 space-y-4 p-6">
        {done ? (
          <p role="status">{unsubscribe.data.message}</p>
        ) : (
          <>
            {unsubscribe.isError && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
                {errorMessage(unsubscribe.error, 'Could not stop the notices. Please try again.')}
              </p>
            )}
            <Button
              type="button"
              className="w-full"
              size="lg"
              isLoading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate()}
            >
              Stop these notices
            </Button>
          </>
        )}
        <p className="text-center text-sm">
          <Link to="/favorites" className={linkClass}>
            {done ? 'Go to your favourites' : 'Keep them and go to your favourites'}
          </Link>
        </p>
      </Card>
    </div>
  );
}
