import type { SkipLinkInfo } from '@farmstand/shared/schemas/standing';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { formatZonedMoment } from '@/lib/format';
import { zoneNote } from '@/lib/pickup-time';
import { useSkipByLink, useSkipLink } from '../api';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';

const HEADINGS: Record<SkipLinkInfo['state'], string> = {
  valid: 'Skip this pickup?',
  used: 'This pickup is skipped',
  expired: 'This skip link has expired',
};

/**
 * Where a standing reservation's reminder "Skip this week" link lands (decision 514). Opening it
 * changes nothing (mail scanners open links too); the button skips that one pickup, without
 * signing in, once and until orders close.
 */
export default function StandingSkipPage() {
  useDocumentTitle('Skip a standing pickup');
  const { token = '' } = useParams();
  const info = useSkipLink(token);
  const skip = useSkipByLink(token);

  if (info.isPending) return <Spinner label="Reading your skip link…" />;
  if (info.isError) {
    return (
      <Frame heading="This skip link can’t be used">
        <p role="alert">{errorMessage(info.error, 'Could not read this skip link. Please try again.')}</p>
      </Frame>
    );
  }
  const link = skip.data ?? info.data;
  const zone = link.time_zone;
  return (
    <Frame heading={skip.isSuccess ? 'Pickup skipped' : HEADINGS[link.state]}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Farm</dt>
        <dd>{link.farm_name}</dd>
        <dt className="font-medium">Place</dt>
        <dd>{link.place}</dd>
        <dt className="font-medium">Pickup</dt>
        <dd>
          {formatZonedMoment(link.starts_at, zone)}
          {zoneNote(link.starts_at, zone)}
        </dd>
        <dt className="font-medium">Items</dt>
        <dd>
          <ul>
            {link.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </dd>
      </dl>
      {link.state === 'valid' && !skip.isSuccess ? (
        <>
          <p>{link.message}</p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            You can skip it until orders close: {formatZonedMoment(link.cutoff_at, zone)}.
          </p>
          {skip.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {errorMessage(skip.error, 'Could not skip this pickup. Please try again.')}
            </p>
          )}
          <Button type="button" className="w-full" size="lg" isLoading={skip.isPending} onClick={() => skip.mutate()}>
            Skip this pickup
          </Button>
        </>
      ) : (
        <p role="status">{link.message}</p>
      )}
    </Frame>
  );
}

function Frame({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">{heading}</h1>
      <Card className="mt-6 space-y-4 p-6">
        {children}
        <p className="text-center text-sm">
          <Link to="/orders?tab=standing" className={linkClass}>
            See your standing reservations
          </Link>
        </p>
      </Card>
    </div>
  );
}
