import type { CsaMemberList } from '@farmstand/shared/schemas/csa';
import { DataTable } from '@/components/ui/data-table';
import { errorMessage } from '@/lib/api';
import { csaDay, usePlanMembers } from '../api';

type Member = CsaMemberList['members'][number];

const muted = 'text-stone-700 dark:text-stone-300';

const STATUS_TEXT: Record<Member['status'], string> = { active: 'Active', cancelled: 'Left', ended: 'Ended' };

/** "Active", "Paused until Sat, Jun 22", "Left"… */
function statusText(member: Member): string {
  if (member.status === 'active' && member.paused_until) return `Paused until ${csaDay(member.paused_until)}`;
  return STATUS_TEXT[member.status];
}

/** Away dates and skipped pickups, or "—". */
function breaks(member: Member): string[] {
  const lines: string[] = [];
  if (member.away_from && member.away_to) lines.push(`Away ${csaDay(member.away_from)} – ${csaDay(member.away_to)}`);
  if (member.skips.length > 0) lines.push(`Skips ${member.skips.map(csaDay).join(', ')}`);
  return lines;
}

/**
 * A plan's members for the farm (decision 515): who, their size and place, what they would rather
 * not get, their next pickup, and the pickups they pause, are away for or skip. Active members
 * first. The server reads each place's calendar (decision 542): a closed date or a week outside the
 * place's season is neither a next pickup nor a member's skip.
 */
export function CsaMembers({ planId, planName }: { planId: number; planName: string }) {
  const query = usePlanMembers(planId);
  if (query.isPending) return <p className={`text-sm ${muted}`}>Loading members…</p>;
  if (query.isError) return <p role="alert">{errorMessage(query.error, 'Could not load the members; try again')}</p>;
  const members = [...query.data.members].sort(
    (a, b) => Number(b.status === 'active') - Number(a.status === 'active') || a.name.localeCompare(b.name),
  );
  if (members.length === 0) return <p className={`text-sm ${muted}`}>No members yet. Shoppers join on your farm page.</p>;
  const active = members.filter((m) => m.status === 'active').length;
  return (
    <div className="space-y-2">
      <p className={`text-sm ${muted}`}>
        {active} active {active === 1 ? 'member' : 'members'}
        {members.length > active ? ` · ${members.length - active} left or ended` : ''}
      </p>
      <DataTable
        className="max-w-full rounded-lg border border-stone-200 dark:border-stone-700"
        caption={`Members of ${planName}`}
        rows={members}
        rowKey={(member) => member.standing_id}
        rowClassName={(member) => (member.status === 'active' ? '' : muted)}
        columns={[
          { header: 'Name', rowHeader: true, className: 'font-medium', cell: (member) => member.name },
          {
            header: 'Phone',
            className: 'whitespace-nowrap',
            cell: (member) =>
              member.phone ? (
                <a
                  href={`tel:${member.phone.replace(/[^\d+]/g, '')}`}
                  className="font-medium text-brand-700 underline dark:text-green-400"
                >
                  {member.phone}
                </a>
              ) : (
                '—'
              ),
          },
          { header: 'Size', cell: (member) => member.size },
          { header: 'Place', cell: (member) => member.place },
          { header: 'Dislikes', className: 'min-w-32 break-words', cell: (member) => member.dislikes ?? '—' },
          { header: 'Status', className: 'whitespace-nowrap', cell: statusText },
          {
            header: 'Next pickup',
            className: 'whitespace-nowrap',
            cell: (member) => (member.next_pickup ? csaDay(member.next_pickup) : '—'),
          },
          {
            header: 'Away and skips',
            className: 'min-w-40',
            cell: (member) => {
              const away = breaks(member);
              return away.length === 0
                ? '—'
                : away.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ));
            },
          },
        ]}
      />
    </div>
  );
}
