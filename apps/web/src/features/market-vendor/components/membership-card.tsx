import type { PickupPoint } from '@farmstand/shared/schemas/pickup';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Badge, type BadgeTone, Card } from '@/components/ui/card';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { type Membership, useAccept, useLinkPlace } from '../api';

const STATUS: Record<Membership['status'], { label: string; tone: BadgeTone }> = {
  applied: { label: 'Applied', tone: 'blue' },
  invited: { label: 'Invited', tone: 'yellow' },
  approved: { label: 'Vendor', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
  removed: { label: 'Removed', tone: 'gray' },
};

/**
 * One market of the farm: its standing there; an invitation to accept; the farm's own pickup place
 * at that market (kind 'market') to link, so the register's sales there pre-fill its day reports;
 * and, once a vendor, a market day's report and the statement.
 */
export function MembershipCard({ membership, places }: { membership: Membership; places: PickupPoint[] }) {
  const { market, status } = membership;
  const accept = useAccept();
  const link = useLinkPlace();
  const navigate = useNavigate();
  const [place, setPlace] = useState(membership.place ? String(membership.place.id) : '');
  const [date, setDate] = useState(membership.today);
  const canLink = status === 'approved' || status === 'applied';
  const marketPlaces = places.filter((p) => p.kind === 'market');

  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">
            <Link to={`/markets/${market.slug}`} className="underline-offset-4 hover:underline">
              {market.name}
            </Link>
          </h2>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            {market.city}, {market.state}
          </p>
        </div>
        <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
      </div>
      {membership.decisionNote && <p className="text-sm">Market’s note: {membership.decisionNote}</p>}

      {status === 'invited' && (
        <div>
          <Button
            size="lg"
            className="min-h-12 w-full sm:w-auto"
            isLoading={accept.isPending}
            onClick={() => accept.mutate(market.id)}
          >
            Accept the invitation
          </Button>
          <FormError>{accept.error?.message}</FormError>
        </div>
      )}

      {canLink && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            link.mutate({ marketId: market.id, body: { pointId: place === '' ? null : Number(place) } });
          }}
        >
          <div className="min-w-48 flex-1">
            <SelectInput
              label="Your place at this market"
              value={place}
              onChange={(event) => setPlace(event.target.value)}
              hint={
                marketPlaces.length === 0 ? (
                  <>
                    Add a pickup place of kind “Market” in{' '}
                    <Link to="/profile?tab=pickup" className="underline">
                      your pickup places
                    </Link>{' '}
                    first.
                  </>
                ) : (
                  'Your stand sales and pickups there fill in your day reports.'
                )
              }
            >
              <option value="">Not linked</option>
              {marketPlaces.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </SelectInput>
          </div>
          <Button type="submit" variant="secondary" className="min-h-11" isLoading={link.isPending}>
            Save place
          </Button>
          {link.isSuccess && (
            <p role="status" className="w-full text-sm text-green-800 dark:text-green-300">
              Saved.
            </p>
          )}
          <FormError className="w-full">{link.error?.message}</FormError>
        </form>
      )}

      {status === 'approved' && (
        <div className="flex flex-wrap items-end gap-2 border-t border-stone-200 pt-3 dark:border-stone-800">
          <form
            className="flex flex-1 flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              navigate(`/farm/markets/${market.id}/report/${date}`);
            }}
          >
            <div className="min-w-40 flex-1">
              <TextInput
                label="Market day"
                type="date"
                value={date}
                max={membership.today}
                onChange={(e) => setDate(e.target.value)}
              />
            </div>
            <Button type="submit" className="min-h-11">
              Report this day
            </Button>
          </form>
          <Link to={`/farm/markets/${market.id}/statement`} className={buttonClasses('secondary', 'md', 'min-h-11')}>
            Statement
          </Link>
        </div>
      )}
    </Card>
  );
}
