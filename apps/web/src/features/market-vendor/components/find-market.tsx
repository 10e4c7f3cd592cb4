import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { type Membership, useApply, useMarketSearch } from '../api';

/** Finds a market by name or city and applies to sell there, with a note to the manager. */
export function FindMarket({ memberships }: { memberships: Membership[] }) {
  const [q, setQ] = useState('');
  const [message, setMessage] = useState('');
  const search = useMarketSearch(q);
  const apply = useApply();
  const statusOf = (id: number) => memberships.find((m) => m.market.id === id)?.status;

  return (
    <section aria-labelledby="find-market" className="space-y-3">
      <h2 id="find-market" className="text-lg font-semibold">
        Apply to a market
      </h2>
      <TextInput
        label="Market name or city"
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        className="min-h-12"
      />
      <TextInput
        label="A note to the market manager (optional)"
        value={message}
        maxLength={1000}
        onChange={(event) => setMessage(event.target.value)}
        hint="What you sell, the space you need."
      />
      {search.data && search.data.markets.length === 0 && <p>No market matches “{q}”.</p>}
      <FormError>{search.error?.message ?? apply.error?.message}</FormError>
      <ul className="space-y-2">
        {search.data?.markets.map((market) => {
          const status = statusOf(market.id);
          const open = !status || status === 'declined' || status === 'removed';
          return (
            <li key={market.id}>
              <Card className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-semibold">{market.name}</p>
                  <p className="text-sm text-stone-700 dark:text-stone-300">
                    {market.city}, {market.state} · {market.daysText.join(', ')}
                  </p>
                </div>
                {open ? (
                  <Button
                    className="min-h-11"
                    isLoading={apply.isPending && apply.variables?.marketId === market.id}
                    onClick={() => apply.mutate({ marketId: market.id, body: { message, pointId: null } })}
                    aria-label={`Apply to ${market.name}`}
                  >
                    Apply
                  </Button>
                ) : (
                  <p className="text-sm font-semibold">
                    {status === 'approved' ? 'You sell here' : status === 'invited' ? 'Invited' : 'Applied'}
                  </p>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
