import { useState } from 'react';
import { AdminLink, Pager, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { ClipboardIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { useAdminLogs } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { useAdminDates } from '../use-admin-dates';
import { ClientErrors } from './client-errors';

/** Targets with a page of their own (a product, a farm by its owner's id) link to it. */
const TARGET_PAGES: Record<string, (id: string) => string> = {
  product: (id) => `/product/${id}`,
  producer: (id) => `/producer/${id}`,
};

function TargetId({ type, id }: { type: string; id: string }) {
  const page = TARGET_PAGES[type];
  return (
    <span className="text-stone-600 dark:text-stone-300"> {page ? <AdminLink to={page(id)}>#{id}</AdminLink> : `#${id}`}</span>
  );
}

export function LogsTab() {
  const { dateTime } = useAdminDates();
  const [page, setPage] = useState(1);
  const query = useAdminLogs(page);
  useLoadErrorToast(query, ADMIN_TEXTS.loadLogs);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadError text={ADMIN_TEXTS.loadLogs} onRetry={() => query.refetch()} />;
  if (query.data.logs.length === 0)
    return (
      <>
        <EmptyState title="No admin activity yet" icon={ClipboardIcon} />
        <ClientErrors />
      </>
    );
  return (
    <>
      <Card>
        <DataTable
          caption="Admin activity"
          minWidth="min-w-[48rem]"
          rows={query.data.logs}
          rowKey={(log) => log.id}
          columns={[
            { header: 'Admin', cell: (log) => log.admin_email ?? 'Deleted admin' },
            { header: 'Action', className: 'font-medium', cell: (log) => log.action.replace(/_/g, ' ') },
            {
              header: 'Target',
              cell: (log) => (
                <>
                  {log.target_type}
                  {log.target_id && <TargetId type={log.target_type} id={log.target_id} />}
                </>
              ),
            },
            { header: 'Date', className: 'whitespace-nowrap', cell: (log) => dateTime(log.created_at) },
          ]}
        />
      </Card>
      <Pager {...query.data.pagination} onPage={setPage} />
      <ClientErrors />
    </>
  );
}
