import { formatDateOnly } from '@farmstand/shared/format/date-only';
import type { Market } from '@farmstand/shared/schemas/markets';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useAllMarkets, useCreateMarket, useGrantManager, useRemoveManager, useStaff } from '../api';
import { EmailForm } from './email-form';
import { MarketForm } from './market-form';
import { StaffTable } from './staff-tab';

/**
 * The admin's markets (decision 581): every market, a new one with the market's own form, and each
 * market's managers, granted and removed by the e-mail of an existing account.
 */
export function AdminMarkets() {
  const markets = useAllMarkets();
  const create = useCreateMarket();
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<Market | null>(null);
  const columns: Column<Market>[] = [
    {
      header: 'Market',
      rowHeader: true,
      cell: (m) => (
        <Link
          to={`/market-office/${m.id}`}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300"
        >
          {m.name}
        </Link>
      ),
    },
    { header: 'Place', cell: (m) => `${m.city}, ${m.state}` },
    {
      header: 'Season',
      cell: (m) => `${formatDateOnly(m.seasonStart)} – ${formatDateOnly(m.seasonEnd)}`,
      className: 'whitespace-nowrap',
    },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (m) => (
        <Button size="sm" variant="secondary" aria-label={`Managers of ${m.name}`} onClick={() => setManaging(m)}>
          Managers
        </Button>
      ),
    },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Markets</h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            Farmers markets run on Farmstand. Their managers run them from the market office.
          </p>
        </div>
        {!adding && <Button onClick={() => setAdding(true)}>New market</Button>}
      </div>
      {adding && (
        <Card className="p-5">
          <MarketForm
            thisYear={new Date().getFullYear()}
            submitLabel="Create market"
            error={create.isError && errorMessage(create.error, 'Could not create the market. Please try again.')}
            onSubmit={(input) =>
              create.mutateAsync(input).then((market) => {
                toast.success(`${market.name} created: now grant its managers`);
                setAdding(false);
                setManaging(market);
              })
            }
          />
          <Button variant="ghost" className="mt-3" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </Card>
      )}
      {managing && <Managers key={managing.id} market={managing} onClose={() => setManaging(null)} />}
      {markets.isPending ? (
        <Spinner />
      ) : markets.isError ? (
        <LoadError text={errorMessage(markets.error, 'Could not load the markets.')} onRetry={() => markets.refetch()} />
      ) : (
        <Card className="p-2">
          <DataTable
            columns={columns}
            rows={markets.data.markets}
            rowKey={(m) => m.id}
            caption="Markets"
            empty="No markets yet: create the first."
            minWidth="min-w-[36rem]"
          />
        </Card>
      )}
    </div>
  );
}

function Managers({ market, onClose }: { market: Market; onClose: () => void }) {
  const staff = useStaff(market.id);
  const grant = useGrantManager(market.id);
  const remove = useRemoveManager(market.id);
  return (
    <Card className="space-y-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">Managers of {market.name}</h3>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <EmailForm
        label="The manager’s e-mail (an existing account)"
        submitLabel="Grant manager"
        done={(email) => `${email} now manages ${market.name}`}
        failed="Could not grant the manager. Please try again."
        send={(body) => grant.mutateAsync(body)}
      />
      {staff.isPending ? (
        <Spinner />
      ) : staff.isError ? (
        <LoadError text={errorMessage(staff.error, 'Could not load the managers.')} onRetry={() => staff.refetch()} />
      ) : (
        <StaffTable
          staff={staff.data.staff.filter((m) => m.role === 'manager')}
          timeZone={market.timeZone}
          caption={`Managers of ${market.name}`}
          empty="No managers yet."
          removable={() => true}
          onRemove={(m) => remove.mutateAsync(m.userId)}
          isRemoving={remove.isPending}
          removeLabel="Remove manager"
        />
      )}
    </Card>
  );
}
