import type { JobsResponse } from '@farmstand/shared/schemas/ops';
import { Badge, Card } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { useAdminDates } from '../use-admin-dates';

const JOB_NAMES: Record<string, string> = {
  trials: 'Trial reminders and ends',
  certifications: 'Certification reminders and expiry',
  subscriptions: 'Subscription renewals',
  'message-digests': 'New-message e-mails',
  retention: 'Clean-up (retention)',
  backups: 'Backups',
};

/** The background jobs: last run, outcome, failures; queue depth; mail waiting to retry and dead letters. */
export function JobsPanel({ data }: { data: JobsResponse }) {
  const { dateTime } = useAdminDates();
  const lastRun = (iso: string | null) => (iso ? dateTime(iso) : 'Never');
  const depth = Object.entries(data.queue_depth);
  return (
    <section aria-labelledby="jobs-title" className="mt-8">
      <h2 id="jobs-title" className="mb-1 text-lg font-semibold">
        Background jobs
      </h2>
      <p className="mb-4 text-sm text-stone-600 dark:text-stone-300">
        {data.queue_running ? 'The job queue runs on this server.' : 'The job queue does not run on this server.'}{' '}
        {depth.length > 0 && `Waiting: ${depth.map(([queue, n]) => `${n} ${queue}`).join(', ')}.`}
      </p>
      {data.jobs.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">No job has run yet.</p>
      ) : (
        <Card>
          <DataTable
            caption="Background jobs"
            minWidth="min-w-[40rem]"
            rows={data.jobs}
            rowKey={(job) => job.name}
            columns={[
              { header: 'Job', className: 'font-medium', cell: (job) => JOB_NAMES[job.name] ?? job.name },
              {
                header: 'Last run',
                className: 'whitespace-nowrap',
                cell: (job) => lastRun(job.last_finished_at ?? job.last_started_at),
              },
              {
                header: 'Status',
                cell: (job) => (
                  <>
                    <Badge tone={job.last_status === 'ok' ? 'green' : job.last_status === 'failed' ? 'red' : 'gray'}>
                      {job.last_status === 'ok' ? 'OK' : job.last_status === 'failed' ? 'Failed' : 'Running'}
                    </Badge>
                    {job.last_error && (
                      <span className="mt-1 block text-xs text-red-800 dark:text-red-300">{job.last_error}</span>
                    )}
                  </>
                ),
              },
              { header: 'Runs', cell: (job) => job.runs },
              { header: 'Failures', cell: (job) => job.failures },
            ]}
          />
        </Card>
      )}
      <h3 className="mt-6 mb-2 font-semibold">E-mail delivery</h3>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        {data.mail.retrying} waiting to retry · {data.mail.dead} undeliverable (dead letters)
      </p>
      {data.mail.latest_dead.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {data.mail.latest_dead.map((mail) => (
            <li key={mail.id} className="break-words">
              <span className="font-medium">{mail.subject}</span> to {mail.to_address}, {mail.attempts} attempts
              {mail.last_error && <span className="text-stone-600 dark:text-stone-300"> ({mail.last_error})</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
