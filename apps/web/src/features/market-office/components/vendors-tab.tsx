import {
  type MarketVendors,
  type VENDOR_STATUSES,
  VendorDecision,
  VendorInvite,
  type VendorStatus,
} from '@farmstand/shared/schemas/markets';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Badge, type BadgeTone, Card, Spinner } from '@/components/ui/card';
import { type Column, DataTable } from '@/components/ui/data-table';
import { DocumentLink } from '@/components/ui/document-link';
import { LoadError } from '@/components/ui/load-error';
import { firstIssue, ReasonDialog } from '@/components/ui/reason-dialog';
import { errorMessage } from '@/lib/api';
import { formatZonedDate } from '@/lib/format';
import { useDecideVendor, useInviteVendor, useVendors } from '../api';
import { EmailForm } from './email-form';

type Vendor = z.output<typeof MarketVendors>['vendors'][number];
type Document = Vendor['documents'][number];
type Decision = z.output<typeof VendorDecision>['decision'];

/** The groups of the tab, in the order a manager works through them. */
const GROUPS: { title: string; statuses: (typeof VENDOR_STATUSES)[number][]; empty: string }[] = [
  { title: 'Applications', statuses: ['applied'], empty: 'No farm is waiting for an answer.' },
  { title: 'Invitations sent', statuses: ['invited'], empty: 'No invitation is waiting for a farm’s answer.' },
  { title: 'Vendors', statuses: ['approved'], empty: 'No approved vendors yet: approve an application or invite a farm.' },
  { title: 'Declined and removed', statuses: ['declined', 'removed'], empty: 'None.' },
];

const STATUS_TONES: Record<VendorStatus, BadgeTone> = {
  applied: 'blue',
  invited: 'yellow',
  approved: 'green',
  declined: 'gray',
  removed: 'gray',
};

const DOCUMENT_TONES: Record<Document['state'], BadgeTone> = {
  expired: 'red',
  expiring: 'orange',
  ok: 'green',
  no_expiry: 'gray',
};

/** What each decision is called, asked and said (approve asks no reason; the others tell the farm why). */
const DECISIONS: Record<Decision, { label: string; title: (farm: string) => string; done: string }> = {
  approve: { label: 'Approve', title: (farm) => `Approve ${farm}`, done: 'approved' },
  decline: { label: 'Decline', title: (farm) => `Decline ${farm}?`, done: 'declined' },
  remove: { label: 'Remove', title: (farm) => `Remove ${farm}?`, done: 'removed' },
};

/**
 * The market's vendors (decision 581): farms that applied, farms invited, the approved vendors with
 * their documents, FNS number and expiry warnings, and those declined or removed. The manager
 * approves, declines or removes, telling the farm why.
 */
export function VendorsTab({ marketId, timeZone }: { marketId: number; timeZone: string }) {
  const vendors = useVendors(marketId);
  const invite = useInviteVendor(marketId);
  return (
    <div className="space-y-8">
      <Card className="p-4">
        <h2 className="mb-1 text-lg font-semibold">Invite a farm</h2>
        <p className="mb-3 text-sm text-stone-700 dark:text-stone-300">
          The farm gets an e-mail and becomes a vendor when it accepts.
        </p>
        <EmailForm
          label="The farm’s e-mail"
          submitLabel="Send invitation"
          schema={VendorInvite}
          done={(email) => `Invitation sent to ${email}`}
          failed="Could not send the invitation. Please try again."
          send={(body) => invite.mutateAsync(body)}
        />
      </Card>
      {vendors.isPending ? (
        <Spinner />
      ) : vendors.isError ? (
        <LoadError text={errorMessage(vendors.error, 'Could not load the vendors.')} onRetry={() => vendors.refetch()} />
      ) : (
        GROUPS.map((group) => {
          const rows = vendors.data.vendors.filter((v) => group.statuses.includes(v.status));
          if (group.statuses.includes('declined') && rows.length === 0) return null;
          return (
            <section key={group.title} aria-labelledby={`vendors-${group.statuses[0]}`}>
              <h2 id={`vendors-${group.statuses[0]}`} className="mb-2 text-lg font-semibold">
                {group.title} ({rows.length})
              </h2>
              <VendorTable marketId={marketId} timeZone={timeZone} caption={group.title} rows={rows} empty={group.empty} />
            </section>
          );
        })
      )}
    </div>
  );
}

function VendorTable({
  marketId,
  timeZone,
  caption,
  rows,
  empty,
}: {
  marketId: number;
  timeZone: string;
  caption: string;
  rows: Vendor[];
  empty: string;
}) {
  const columns: Column<Vendor>[] = [
    {
      header: 'Farm',
      rowHeader: true,
      cell: (v) => (
        <div className="space-y-1">
          <p className="font-semibold">{v.farmName}</p>
          <Badge tone={STATUS_TONES[v.status]}>{v.status}</Badge>
          <p className="text-xs text-stone-700 dark:text-stone-300">
            {v.decidedAt
              ? `Since ${formatZonedDate(v.decidedAt, timeZone)}`
              : `Asked ${formatZonedDate(v.requestedAt, timeZone)}`}
          </p>
          {v.message && <p className="text-sm italic">“{v.message}”</p>}
          {v.decisionNote && <p className="text-sm">Note: {v.decisionNote}</p>}
          {/* The actions under the farm's name, so a phone sees them without scrolling the table sideways. */}
          <VendorActions marketId={marketId} vendor={v} />
        </div>
      ),
    },
    {
      header: 'FNS number',
      cell: (v) => v.fnsNumber ?? <span className="text-stone-700 dark:text-stone-300">None</span>,
      className: 'whitespace-nowrap',
    },
    { header: 'Place at the market', cell: (v) => v.place?.name ?? '—' },
    { header: 'Documents', cell: (v) => <Documents documents={v.documents} timeZone={timeZone} /> },
    {
      header: 'Warnings',
      cell: (v) =>
        v.warnings.length === 0 ? (
          '—'
        ) : (
          <ul className="list-disc space-y-1 pl-4 text-red-800 dark:text-red-300">
            {v.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ),
    },
  ];
  return (
    <Card className="p-2">
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(v) => v.producerId}
        caption={caption}
        empty={empty}
        minWidth="min-w-[56rem]"
      />
    </Card>
  );
}

function Documents({ documents, timeZone }: { documents: Document[]; timeZone: string }) {
  if (documents.length === 0) return <span className="text-stone-700 dark:text-stone-300">None on file</span>;
  return (
    <ul className="space-y-1">
      {documents.map((d) => (
        <li key={`${d.kind}-${d.number ?? d.label}`}>
          {d.url?.startsWith('/api/') ? (
            // An uploaded file is private: fetched with the manager's token (decision 581).
            <DocumentLink url={d.url} label={d.label} className="font-medium text-brand-700 underline dark:text-green-300" />
          ) : d.url ? (
            <a href={d.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline dark:text-green-300">
              {d.label}
            </a>
          ) : (
            <span className="font-medium">{d.label}</span>
          )}
          {d.number && <span> · {d.number}</span>}{' '}
          <Badge tone={DOCUMENT_TONES[d.state]}>
            {d.state === 'no_expiry'
              ? 'no expiry'
              : `${d.state === 'expired' ? 'expired' : d.state === 'expiring' ? 'expires' : 'valid to'} ${
                  d.expiresOn ? formatZonedDate(d.expiresOn, timeZone) : ''
                }`}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** The decisions open for a vendor's status (the server's rule: an invited farm accepts itself, a decline withdraws the invitation). */
const OPEN: Record<VendorStatus, Decision[]> = {
  applied: ['approve', 'decline'],
  invited: ['decline'],
  approved: ['remove'],
  declined: [],
  removed: [],
};

function VendorActions({ marketId, vendor }: { marketId: number; vendor: Vendor }) {
  const decide = useDecideVendor(marketId);
  const [asking, setAsking] = useState<Decision | null>(null);
  // Declining an invitation withdraws it, and says so.
  const label = (decision: Decision) => (vendor.status === 'invited' ? 'Withdraw' : DECISIONS[decision].label);
  const send = (decision: Decision, note: string) =>
    decide.mutate(
      { producerId: vendor.producerId, decision, note },
      {
        onSuccess: () => {
          toast.success(`${vendor.farmName} ${DECISIONS[decision].done}`);
          setAsking(null);
        },
        onError: (error) => {
          if (decision === 'approve') toast.error(errorMessage(error, 'Could not approve the farm. Please try again.'));
        },
      },
    );
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      {OPEN[vendor.status].map((decision) => (
        <Button
          key={decision}
          size="sm"
          variant={decision === 'approve' ? 'primary' : 'secondary'}
          isLoading={decide.isPending && decide.variables?.decision === decision}
          aria-label={`${label(decision)} ${vendor.farmName}`}
          onClick={() => (decision === 'approve' ? send('approve', '') : setAsking(decision))}
        >
          {label(decision)}
        </Button>
      ))}
      {asking && (
        <ReasonDialog
          title={
            vendor.status === 'invited'
              ? `Withdraw the invitation to ${vendor.farmName}?`
              : DECISIONS[asking].title(vendor.farmName)
          }
          message={
            asking === 'decline'
              ? `The ${vendor.status === 'invited' ? 'invitation is withdrawn and the ' : ''}farm is told by e-mail, with your reason. It may apply again.`
              : 'The farm stops being a vendor here and is told by e-mail, with your reason. Its past reports stay in the books.'
          }
          hint="Shown to the farm in the e-mail and on its markets page."
          maxLength={500}
          validate={(note) =>
            note === '' ? 'Say why, so the farm knows' : firstIssue(VendorDecision.safeParse({ decision: asking, note }))
          }
          confirmLabel={label(asking)}
          isBusy={decide.isPending}
          error={decide.isError && errorMessage(decide.error, 'Could not save the decision. Please try again.')}
          onConfirm={(note) => send(asking, note)}
          onCancel={() => {
            decide.reset();
            setAsking(null);
          }}
        />
      )}
    </div>
  );
}
