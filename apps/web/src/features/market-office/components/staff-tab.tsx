import type { StaffList } from '@farmstand/shared/schemas/markets';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { type Column, DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { formatZonedDate } from '@/lib/format';
import { useAddVolunteer, useRemoveVolunteer, useStaff } from '../api';
import { EmailForm } from './email-form';

export type Member = z.output<typeof StaffList>['staff'][number];

/**
 * The people who run a market (decision 581): its managers and booth volunteers, with when each
 * was added and a Remove for each removable one. A list of the staff by the columns as data, shared
 * by the manager's Staff tab (volunteers) and the admin's markets (managers).
 */
export function StaffTable({
  staff,
  timeZone,
  caption,
  empty,
  removable,
  onRemove,
  isRemoving,
  removeLabel,
}: {
  staff: Member[];
  timeZone: string;
  caption: string;
  empty: string;
  removable: (member: Member) => boolean;
  onRemove: (member: Member) => Promise<unknown>;
  isRemoving: boolean;
  removeLabel: string;
}) {
  const [asking, setAsking] = useState<Member | null>(null);
  const columns: Column<Member>[] = [
    { header: 'Name', rowHeader: true, cell: (m) => <span className="font-medium">{m.name}</span> },
    { header: 'E-mail', cell: (m) => <span className="break-all">{m.email}</span> },
    { header: 'Role', cell: (m) => (m.role === 'manager' ? 'Manager' : 'Booth volunteer') },
    { header: 'Added', cell: (m) => formatZonedDate(m.addedAt, timeZone), className: 'whitespace-nowrap' },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (m) =>
        removable(m) && (
          <Button variant="secondary" size="sm" aria-label={`Remove ${m.name}`} onClick={() => setAsking(m)}>
            Remove
          </Button>
        ),
    },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={staff}
        rowKey={(m) => `${m.role}-${m.userId}`}
        caption={caption}
        empty={empty}
        minWidth="min-w-[36rem]"
      />
      {asking && (
        <ConfirmDialog
          title={`Remove ${asking.name}?`}
          message={`${asking.name} can no longer open this market’s ${asking.role === 'manager' ? 'office' : 'info booth'}. What they recorded stays in the books.`}
          confirmLabel={removeLabel}
          isBusy={isRemoving}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            onRemove(asking)
              .then(() => toast.success(`${asking.name} removed`))
              .catch((error: unknown) => toast.error(errorMessage(error, 'Could not remove them. Please try again.')))
              .finally(() => setAsking(null))
          }
        />
      )}
    </>
  );
}

/** The manager's Staff tab: add a booth volunteer by the e-mail of their account, remove one. */
export function StaffTab({ marketId, timeZone }: { marketId: number; timeZone: string }) {
  const staff = useStaff(marketId);
  const add = useAddVolunteer(marketId);
  const remove = useRemoveVolunteer(marketId);
  return (
    <div className="space-y-6">
      <Card className="p-4">
        <h2 className="mb-1 text-lg font-semibold">Add a booth volunteer</h2>
        <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
          They sign in with their own Farmstand account and see only this market’s info booth.
        </p>
        <EmailForm
          label="The volunteer’s e-mail"
          submitLabel="Add volunteer"
          done={(email) => `${email} can now open the booth`}
          failed="Could not add the volunteer. Please try again."
          send={(body) => add.mutateAsync(body)}
        />
      </Card>
      <section aria-labelledby="staff-heading">
        <h2 id="staff-heading" className="mb-2 text-lg font-semibold">
          Who runs the market
        </h2>
        {staff.isPending ? (
          <Spinner />
        ) : staff.isError ? (
          <LoadError text={errorMessage(staff.error, 'Could not load the staff.')} onRetry={() => staff.refetch()} />
        ) : (
          <Card className="p-2">
            <StaffTable
              staff={staff.data.staff}
              timeZone={timeZone}
              caption="Managers and booth volunteers"
              empty="Nobody yet."
              removable={(m) => m.role === 'volunteer'}
              onRemove={(m) => remove.mutateAsync(m.userId)}
              isRemoving={remove.isPending}
              removeLabel="Remove volunteer"
            />
          </Card>
        )}
      </section>
    </div>
  );
}
