import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useUnsubscribe } from '../reminders-api';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';

/**
 * Where a reminder's "Stop these reminders" link lands (decision 505). Opening the link changes
 * nothing (mail scanners open links too); the button does. A mail client's own "Unsubscribe" POSTs
 * to the API directly (RFC 8058). Works signed in or not: the link's token says whose reminders.
 */
export default function UnsubscribePage() {
  useDocumentTitle('Stop pickup reminders');
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe(token);
  const done = unsubscribe.isSuccess;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">{done ? 'Reminders stopped' : 'Stop pickup reminders?'}</h1>
      {!done && (
        <p className="mt-2 text-center text-stone-600 dark:text-stone-300">
          You will no longer get the e-mail the day before a pickup. Your orders stay as they are.
        </p>
      )}
      <Card className="mt-6 space-y-4 p-6">
        {done ? (
          <p role="status">{unsubscribe.data.message}</p>
        ) : (
          <>
            {unsubscribe.isError && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
                {errorMessage(unsubscribe.error, 'Could not stop the reminders. Please try again.')}
              </p>
            )}
            <Button
              type="button"
              className="w-full"
              size="lg"
              isLoading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate()}
            >
              Stop reminders
            </Button>
          </>
        )}
        <p className="text-center text-sm">
          <Link to="/orders" className={linkClass}>
            {done ? 'Go to your orders' : 'Keep them and go to your orders'}
          </Link>
        </p>
      </Card>
    </div>
  );
}
