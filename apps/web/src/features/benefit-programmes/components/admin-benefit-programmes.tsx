import {
  BENEFIT_PROGRAMMES,
  type BenefitTable,
  type Incentive,
  type StateProgramme,
  TENDER_LABELS,
} from '@farmstand/shared/benefits/programmes';
import { CATEGORY_LABELS, type ProductCategory, STATE_NAMES, STATES } from '@farmstand/shared/constants/catalog';
import { formatCents } from '@farmstand/shared/format/money';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, Spinner } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useBenefitTableQuery } from '../api';
import { IncentiveDialog } from './incentive-dialog';
import { ProgrammeDialog } from './programme-dialog';
import { muted, SourceLinks } from './programme-form-parts';

export const PROGRAMMES_LOAD_FAILED = 'Could not load the benefit programmes; try again';

/** How many markets a row lists before "and N more". */
const MARKETS_SHOWN = 5;

const categoryList = (categories: ProductCategory[]) => categories.map((c) => CATEGORY_LABELS[c]).join(', ');

/** "Yes" or "Check with the programme": in words, not only in colour. */
function Confirmed({ confirmed }: { confirmed: boolean }) {
  return confirmed ? <Badge tone="green">Yes</Badge> : <Badge tone="yellow">Check</Badge>;
}

const actions = <span className="sr-only">Actions</span>;

type Editing = { kind: 'programme'; row: StateProgramme } | { kind: 'incentive'; incentive: Incentive | null } | null;

/**
 * Settings → Benefit programmes (decision 516): every programme's row per state and the state
 * incentives, as the admins maintain them over the researched defaults. Each row opens a dialog to
 * edit it; an incentive is added, edited or switched off (untick "Running now"). Every badge, tender
 * plan and filter label reads this table.
 */
export function AdminBenefitProgrammes() {
  const query = useBenefitTableQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  return (
    <section aria-labelledby="benefit-programmes-heading" className="space-y-4">
      <div>
        <h2 id="benefit-programmes-heading" className="text-lg font-semibold">
          Benefit programmes
        </h2>
        <p className={`mt-1 text-sm ${muted}`}>
          What SNAP, WIC FMNP and Senior FMNP coupons pay for in each state, and the incentives that match them. Shoppers' badges,
          checkout plans and the search filters read these rules; farms take the benefits themselves at pickup.
        </p>
      </div>
      {query.isPending ? (
        <Spinner label="Loading the benefit programmes…" />
      ) : query.isError ? (
        <LoadError text={errorMessage(query.error, PROGRAMMES_LOAD_FAILED)} onRetry={() => query.refetch()} />
      ) : (
        <>
          <ProgrammesTable table={query.data} onEdit={(row) => setEditing({ kind: 'programme', row })} />
          <IncentivesTable
            table={query.data}
            onEdit={(incentive) => setEditing({ kind: 'incentive', incentive })}
            onAdd={() => setEditing({ kind: 'incentive', incentive: null })}
          />
          {editing?.kind === 'programme' && <ProgrammeDialog row={editing.row} table={query.data} onClose={close} />}
          {editing?.kind === 'incentive' && <IncentiveDialog incentive={editing.incentive} table={query.data} onClose={close} />}
        </>
      )}
    </section>
  );
}

/** The programmes by state, SNAP first, then the coupons, each in the states' order. */
function ProgrammesTable({ table, onEdit }: { table: BenefitTable; onEdit: (row: StateProgramme) => void }) {
  const order = (row: StateProgramme) => BENEFIT_PROGRAMMES.indexOf(row.programme) * STATES.length + STATES.indexOf(row.state);
  const rows = [...table.programmes].sort((a, b) => order(a) - order(b));
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Programmes by state</h3>
      <Card>
        <DataTable
          caption="Benefit programmes by state"
          minWidth="min-w-[56rem]"
          rows={rows}
          rowKey={(row) => `${row.programme}-${row.state}`}
          columns={[
            { header: 'Programme', className: 'whitespace-nowrap font-medium', cell: (row) => TENDER_LABELS[row.programme] },
            { header: 'State', cell: (row) => STATE_NAMES[row.state] },
            {
              header: 'Name',
              cell: (row) => (
                <>
                  {row.name}
                  <span className={`block text-xs ${muted}`}>Authorised by {row.authorisedBy}</span>
                  {row.note && <span className={`block text-xs ${muted}`}>{row.note}</span>}
                </>
              ),
            },
            { header: 'Pays for', cell: (row) => categoryList(row.covers) },
            {
              header: 'Season amount',
              className: 'whitespace-nowrap',
              cell: (row) => (row.seasonAmount ? `${formatCents(row.seasonAmount.cents)} (${row.seasonAmount.asOf})` : '—'),
            },
            { header: 'Confirmed', cell: (row) => <Confirmed confirmed={row.confirmed} /> },
            { header: 'Sources', cell: (row) => <SourceLinks table={table} keys={row.sources} /> },
            {
              header: actions,
              cell: (row) => (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Edit ${TENDER_LABELS[row.programme]} in ${STATE_NAMES[row.state]}`}
                  onClick={() => onEdit(row)}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

function Markets({ markets }: { markets: string[] }) {
  if (markets.length === 0) return <span className={muted}>Any market the farm names</span>;
  const more = markets.length - MARKETS_SHOWN;
  return (
    <span>
      {markets.slice(0, MARKETS_SHOWN).join(', ')}
      {more > 0 && ` and ${more} more`}
    </span>
  );
}

function IncentivesTable({
  table,
  onEdit,
  onAdd,
}: {
  table: BenefitTable;
  onEdit: (incentive: Incentive) => void;
  onAdd: () => void;
}) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Incentives</h3>
        <Button size="sm" onClick={onAdd}>
          Add incentive
        </Button>
      </div>
      <p className={`text-sm ${muted}`}>
        One incentive runs in a state at a time: switch one off (untick "Running now") before another starts there.
      </p>
      {table.incentives.length === 0 ? (
        <p className={`text-sm ${muted}`}>No incentives yet.</p>
      ) : (
        <Card>
          <DataTable
            caption="Incentives"
            minWidth="min-w-[56rem]"
            rows={table.incentives}
            rowKey={(incentive) => incentive.id}
            columns={[
              {
                header: 'Name',
                className: 'font-medium',
                cell: (incentive) => (
                  <>
                    {incentive.name}
                    {incentive.note && <span className={`block text-xs font-normal ${muted}`}>{incentive.note}</span>}
                  </>
                ),
              },
              { header: 'State', cell: (incentive) => STATE_NAMES[incentive.state] },
              { header: 'Matches', cell: (incentive) => incentive.matches.map((p) => TENDER_LABELS[p]).join(', ') },
              { header: 'Match', className: 'whitespace-nowrap', cell: (incentive) => `${incentive.matchPercent}%` },
              { header: 'Daily cap', className: 'whitespace-nowrap', cell: (incentive) => formatCents(incentive.dailyCapCents) },
              {
                header: 'Groups',
                cell: (incentive) => (
                  <ul className="space-y-1">
                    {incentive.groups.map((group) => (
                      <li key={group.label}>
                        {group.label}: {categoryList(group.categories)}, up to {formatCents(group.capCents)}
                        {!group.confirmed && <span className={muted}> (check)</span>}
                      </li>
                    ))}
                  </ul>
                ),
              },
              { header: 'Markets', cell: (incentive) => <Markets markets={incentive.markets} /> },
              { header: 'Sources', cell: (incentive) => <SourceLinks table={table} keys={incentive.sources} /> },
              {
                header: 'Running',
                cell: (incentive) =>
                  incentive.active ? <Badge tone="green">Running</Badge> : <Badge tone="gray">Switched off</Badge>,
              },
              {
                header: actions,
                cell: (incentive) => (
                  <Button size="sm" variant="secondary" aria-label={`Edit ${incentive.name}`} onClick={() => onEdit(incentive)}>
                    Edit
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
