import { formatDateOnly } from '@farmstand/shared/format/date-only';
import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useDocumentTitle } from '@/lib/document-title';
import { useDayReport, useMemberships, useSaveDayReport } from '../api';
import { ReportForm } from '../components/report-form';

/** /farm/markets/:id/report/:date: the farm's report of one market day, from the phone. */
export default function ReportPage() {
  const params = useParams();
  const marketId = Number(params.id);
  const date = params.date ?? '';
  const report = useDayReport(marketId, date);
  const save = useSaveDayReport(marketId, date);
  const market = useMemberships().data?.memberships.find((m) => m.market.id === marketId)?.market;
  const day = formatDateOnly(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  useDocumentTitle(`Market day report · ${day}`);

  return (
    <div className="mx-auto max-w-xl space-y-4 px-3 py-4 sm:px-6">
      <p>
        <Link
          to="/farm/markets"
          className="text-sm font-semibold text-brand-700 underline underline-offset-4 dark:text-green-300"
        >
          My markets
        </Link>
      </p>
      <header>
        <h1 className="text-2xl font-bold">Market day report</h1>
        <p className="text-stone-700 dark:text-stone-300">
          {market ? `${market.name} · ` : ''}
          {day}
        </p>
      </header>
      {report.isLoading ? (
        <Spinner />
      ) : report.error ? (
        <LoadError text={report.error.message} onRetry={() => void report.refetch()} />
      ) : report.data ? (
        <>
          {report.data.source !== null && (
            <p className="rounded-lg bg-green-50 px-3 py-2 text-green-950 dark:bg-green-950 dark:text-green-100">
              {report.data.source === 'manager' ? 'The market manager entered this report.' : 'You sent this report.'} You can
              correct it and send it again.
            </p>
          )}
          <ReportForm
            key={`${report.dataUpdatedAt}`}
            report={report.data}
            saving={save.isPending}
            error={save.error?.message}
            onSave={(input) => save.mutate(input)}
          />
          {save.isSuccess && (
            <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-950 dark:bg-green-950 dark:text-green-100">
              Report sent to the market.
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}
