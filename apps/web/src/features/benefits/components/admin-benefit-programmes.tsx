import { dollars } from '@farmstand/shared/benefits/eligibility';
import {
  BENEFIT_PROGRAMMES,
  type BenefitTable,
  type Incentive,
  type StateProgramme,
  TENDER_LABELS,
} from '@farmstand/shared/benefits/programmes';
import { CATEGORY_LABELS, type ProductCategory, STATE_NAMES, STATES } from '@farmstand/shared/constants/catalog';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Badge, Card, Spinner } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { useBenefitTableQuery } from '../programmes-api';
import { IncentiveDialog } from './incentive-dialog';
import { ProgrammeDialog } from './programme-dialog';
import { alertText, muted, SourceLinks } from './programme-form-parts';

export const PROGRAMMES_LOAD_FAILED = 'Could not load the benefit programmes; try again';

const thClasses =
  'border-b border-stone-200 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-stone-600 dark:border-stone-800 dark:text-stone-300';
const tdClasses = 'border-b border-stone-100 px-3 py-2 align-top dark:border-stone-800';

/** How many markets a row lists before "and N more". */
const MARKETS_SHOWN = 5;

const categoryList = (categories: ProductCategory[]) => categories.map((c) => CATEGORY_LABELS[c]).join(', ');

/** "Yes" or "Check with the programme": in words, not only in colour. */
function Confirmed({ confirmed }: { confirmed: boolean }) {
  return confirmed ? <Badge tone="green">Yes</Badge> : <Badge tone="yellow">Check</Badge>;
}

/** A wide table that scrolls sideways inside its card on a phone. */
function ScrollTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <Card className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className={thClasses}>
                {label}
              </th>
            ))}
            <th scope="col" className={thClasses}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </Card>
  );
}

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
        <div role="alert" className="space-y-2">
          <p className={alertText}>{errorMessage(query.error, PROGRAMMES_LOAD_FAILED)}</p>
          <Button size="sm" variant="secondary" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
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
      <ScrollTable
        caption="Benefit programmes by state"
        head={['Programme', 'State', 'Name', 'Pays for', 'Season amount', 'Confirmed', 'Sources']}
      >
        {rows.map((row) => (
          <tr key={`${row.programme}-${row.state}`}>
            <td className={`${tdClasses} whitespace-nowrap font-medium`}>{TENDER_LABELS[row.programme]}</td>
            <td className={tdClasses}>{STATE_NAMES[row.state]}</td>
            <td className={tdClasses}>
              {row.name}
              <span className={`block text-xs ${muted}`}>Authorised by {row.authorisedBy}</span>
              {row.note && <span className={`block text-xs ${muted}`}>{row.note}</span>}
            </td>
            <td className={tdClasses}>{categoryList(row.covers)}</td>
            <td className={`${tdClasses} whitespace-nowrap`}>
              {row.seasonAmount ? `${dollars(row.seasonAmount.cents)} (${row.seasonAmount.asOf})` : '—'}
            </td>
            <td className={tdClasses}>
              <Confirmed confirmed={row.confirmed} />
            </td>
            <td className={tdClasses}>
              <SourceLinks table={table} keys={row.sources} />
            </td>
            <td className={tdClasses}>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Edit ${TENDER_LABELS[row.programme]} in ${STATE_NAMES[row.state]}`}
                onClick={() => onEdit(row)}
              >
                Edit
              </Button>
            </td>
          </tr>
        ))}
      </ScrollTable>
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
        <ScrollTable
          caption="Incentives"
          head={['Name', 'State', 'Matches', 'Match', 'Daily cap', 'Groups', 'Markets', 'Sources', 'Running']}
        >
          {table.incentives.map((incentive) => (
            <tr key={incentive.id}>
              <td className={`${tdClasses} font-medium`}>
                {incentive.name}
                {incentive.note && <span className={`block text-xs font-normal ${muted}`}>{incentive.note}</span>}
              </td>
              <td className={tdClasses}>{STATE_NAMES[incentive.state]}</td>
              <td className={tdClasses}>{incentive.matches.map((p) => TENDER_LABELS[p]).join(', ')}</td>
              <td className={`${tdClasses} whitespace-nowrap`}>{incentive.matchPercent}%</td>
              <td className={`${tdClasses} whitespace-nowrap`}>{dollars(incentive.dailyCapCents)}</td>
              <td className={tdClasses}>
                <ul className="space-y-1">
                  {incentive.groups.map((group) => (
                    <li key={group.label}>
                      {group.label}: {categoryList(group.categories)}, up to {dollars(group.capCents)}
                      {!group.confirmed && <span className={muted}> (check)</span>}
                    </li>
                  ))}
                </ul>
              </td>
              <td className={tdClasses}>
                <Markets markets={incentive.markets} />
              </td>
              <td className={tdClasses}>
                <SourceLinks table={table} keys={incentive.sources} />
              </td>
              <td className={tdClasses}>
                {incentive.active ? <Badge tone="green">Running</Badge> : <Badge tone="gray">Switched off</Badge>}
              </td>
              <td className={tdClasses}>
                <Button size="sm" variant="secondary" aria-label={`Edit ${incentive.name}`} onClick={() => onEdit(incentive)}>
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  );
}
