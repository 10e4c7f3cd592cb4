import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';

type Texts = {
  /** The question before, and the heading after ("Stop pickup reminders?", "Reminders stopped"). */
  ask: string;
  done: string;
  explanation: string;
  button: string;
  failed: string;
  /** Where the person manages these mails, and the link's words before and after. */
  back: { to: string; keep: string; after: string };
};

/**
 * Where a mail's unsubscribe link lands (pickup reminders, a farm's notices). Opening it changes
 * nothing (mail scanners open links too); the button does. A mail client's own "Unsubscribe" POSTs
 * to the API directly (RFC 8058). Works signed in or not: the link's token says whose mails.
 */
export function UnsubscribeConfirm({
  texts,
  unsubscribe,
}: {
  texts: Texts;
  unsubscribe: UseMutationResult<{ message: string }, Error, void>;
}) {
  const done = unsubscribe.isSuccess;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">{done ? texts.done : texts.ask}</h1>
      {!done && <p className="mt-2 text-center text-stone-600 dark:text-stone-300">{texts.explanation}</p>}
      <Card className="mt-6 space-y-4 p-6">
        {done ? (
          <p role="status">{unsubscribe.data.message}</p>
        ) : (
          <>
            {unsubscribe.isError && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
                {errorMessage(unsubscribe.error, texts.failed)}
              </p>
            )}
            <Button
              type="button"
              className="w-full"
              size="lg"
              isLoading={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate()}
            >
              {texts.button}
            </Button>
          </>
        )}
        <p className="text-center text-sm">
          <Link to={texts.back.to} className={linkClass}>
            {done ? texts.back.after : texts.back.keep}
          </Link>
        </p>
      </Card>
    </div>
  );
}
