import type { ProducerVerifyAction, VerificationHistoryEntry } from '@farmstand/shared/schemas/admin';
import { useEffect, useRef, useState } from 'react';
import { AdminLink, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { CertificationBadge, certificationLabel } from '@/components/ui/certification-badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DocumentLink } from '@/components/ui/document-link';
import { TextArea } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { useProducerCertifications, useProducerDetails, useVerifyProducer } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { useAdminDates } from '../use-admin-dates';
import { ReadinessBadge } from './readiness-badge';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-stone-600 dark:text-stone-300">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

const HISTORY_ACTION: Record<VerificationHistoryEntry['action'], string> = {
  approve: 'Approved',
  reject: 'Rejected',
  request_more_info: 'More info requested',
  reopen: 'Reopened for review',
  resubmit: 'Resubmitted by the farmer',
};

/** Every decision on this application with its note, newest first. */
function VerificationHistory({ entries }: { entries: VerificationHistoryEntry[] }) {
  const { dateTime } = useAdminDates();
  return (
    <div>
      <h4 className="mb-2 font-semibold">Verification history</h4>
      {entries.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">No decisions yet.</p>
      ) : (
        <DataTable
          caption="Verification history"
          className="rounded-lg border border-stone-200 dark:border-stone-800"
          rows={entries}
          rowKey={(entry) => `${entry.created_at}-${entry.action}`}
          columns={[
            { header: 'Time', className: 'whitespace-nowrap', cell: (entry) => dateTime(entry.created_at) },
            { header: 'By', className: 'break-all', cell: (entry) => entry.admin_email ?? 'Former admin' },
            { header: 'Action', className: 'whitespace-nowrap', cell: (entry) => HISTORY_ACTION[entry.action] },
            { header: 'Note', className: 'whitespace-pre-line [overflow-wrap:anywhere]', cell: (entry) => entry.notes ?? '—' },
          ]}
        />
      )}
    </div>
  );
}

/** One application: details, certifications with their documents, notes and the three decisions. */
export function ProducerReview({ producerId, onDecided }: { producerId: number; onDecided: () => void }) {
  const details = useProducerDetails(producerId);
  const certs = useProducerCertifications(producerId);
  const verify = useVerifyProducer();
  // Each decision starts with an empty note: the last decision's note stays in the history below.
  const [notes, setNotes] = useState('');
  const [confirmPartial, setConfirmPartial] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  // Below the lg breakpoint the details sit under the list: bring them into view when chosen.
  useEffect(() => {
    if (window.matchMedia('(max-width: 1023px)').matches) top.current?.scrollIntoView({ block: 'start' });
  }, []);
  useLoadErrorToast(details, ADMIN_TEXTS.loadProducerDetails);
  useLoadErrorToast(certs, ADMIN_TEXTS.loadCertifications);

  if (details.isPending)
    return (
      <div ref={top} className="scroll-mt-20">
        <Spinner />
      </div>
    );
  if (details.isError) return <LoadError text={ADMIN_TEXTS.loadProducerDetails} onRetry={() => details.refetch()} />;
  const p = details.data;
  // The hook confirms with a toast (it shows even after this panel unmounts).
  const decide = (action: ProducerVerifyAction) =>
    verify.mutate(
      { id: producerId, action, notes },
      {
        onSuccess: () => {
          setNotes('');
          onDecided();
        },
      },
    );
  const approve = () => (p.readiness === 'ready' ? decide('approve') : setConfirmPartial(true));

  return (
    <Card className="space-y-6 p-5">
      <div ref={top} className="scroll-mt-20" />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-xl font-semibold [overflow-wrap:anywhere]">{p.farm_name}</h3>
        <ReadinessBadge readiness={p.readiness} />
      </div>
      <p className="text-sm">
        <AdminLink to={`/producer/${producerId}`}>View {p.farm_name}’s farm page</AdminLink>
        <span className="text-stone-600 dark:text-stone-300"> — the profile and products shoppers see.</span>
      </p>
      <dl className="space-y-3">
        <Row label="Email">{p.email}</Row>
        <Row label="Phone">{p.phone || 'Not provided'}</Row>
        <Row label="Location">
          {p.address}, {p.city}, {p.state} {p.zip}
        </Row>
        <Row label="Description">{p.description || 'No description'}</Row>
        <Row label="Delivery">{p.delivery_available ? `Yes, within ${p.delivery_radius ?? 0} miles` : 'No'}</Row>
      </dl>
      <div>
        <h4 className="mb-2 font-semibold">Certifications</h4>
        {certs.isPending ? (
          <Spinner />
        ) : certs.isError ? (
          <LoadError text={ADMIN_TEXTS.loadCertifications} onRetry={() => certs.refetch()} />
        ) : certs.data.certifications.length === 0 ? (
          <p className="text-stone-600 dark:text-stone-300">No certifications added yet.</p>
        ) : (
          <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
            {certs.data.certifications.map((cert) => (
              <li key={cert.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">{certificationLabel(cert.type)}</span>
                  {cert.issuing_authority && (
                    <span className="block text-sm text-stone-600 dark:text-stone-300">{cert.issuing_authority}</span>
                  )}
                </span>
                <span className="flex items-center gap-3">
                  {cert.document_url && (
                    <DocumentLink
                      url={cert.document_url}
                      className="text-sm font-medium text-brand-700 underline dark:text-green-300"
                    />
                  )}
                  <CertificationBadge status={cert.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TextArea
        label="Notes"
        rows={3}
        maxLength={2000}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        hint="Sent with your decision and kept on the application."
      />
      <div className="flex flex-wrap gap-2">
        <Button onClick={approve} isLoading={verify.isPending && verify.variables?.action === 'approve'}>
          Approve Producer
        </Button>
        <Button variant="danger" onClick={() => decide('reject')} disabled={verify.isPending}>
          Reject Application
        </Button>
        <Button variant="secondary" onClick={() => decide('request_more_info')} disabled={verify.isPending}>
          Request More Info
        </Button>
        {p.verification_status !== 'pending' && (
          <Button variant="secondary" onClick={() => decide('reopen')} disabled={verify.isPending}>
            Reopen for Review
          </Button>
        )}
      </div>
      {confirmPartial && (
        <ConfirmDialog
          title="Approve a farm that is not ready?"
          message={`${p.farm_name} has not met every requirement yet (readiness: ${p.readiness}). Approve anyway?`}
          confirmLabel="Approve Producer"
          isBusy={verify.isPending}
          onConfirm={() => {
            setConfirmPartial(false);
            decide('approve');
          }}
          onCancel={() => setConfirmPartial(false)}
        />
      )}
      <VerificationHistory entries={p.verification_history} />
    </Card>
  );
}
