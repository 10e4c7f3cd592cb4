import { formatDate } from '@farmstand/shared';
import type { AdminCertification, CertificationAction } from '@farmstand/shared/schemas/admin';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CertificationBadge } from '@/components/ui/certification-badge';
import { DocumentLink } from '@/components/ui/document-link';
import { TextArea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';

export function CertificationDetails({
  cert,
  label,
  isBusy,
  onAction,
  onClose,
}: {
  cert: AdminCertification;
  label: string;
  isBusy: boolean;
  onAction: (action: CertificationAction, notes: string) => void;
  onClose: () => void;
}) {
  const [notes, setNotes] = useState(cert.notes ?? '');
  const rows: [string, string][] = [
    ['Producer', cert.farm_name],
    ['Producer email', cert.producer_email],
    ['Name', cert.certification_name ?? '—'],
    ['Issuing authority', cert.issuing_authority ?? '—'],
    ['Certificate number', cert.certification_number ?? '—'],
    ['Issued', formatDate(cert.issue_date) || '—'],
    ['Expires', formatDate(cert.expiry_date) || '—'],
  ];
  return (
    <Modal title={label} onClose={onClose}>
      <div className="mb-3">
        <CertificationBadge status={cert.status} />
      </div>
      <dl className="space-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-2">
            <dt className="font-medium text-stone-600 dark:text-stone-300">{term}</dt>
            <dd className="[overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {cert.document_url && (
        <div className="mt-3">
          <DocumentLink url={cert.document_url} />
        </div>
      )}
      {cert.status === 'pending' ? (
        <div className="mt-4 space-y-3">
          <TextArea label="Notes" rows={3} maxLength={2000} value={notes} onChange={(event) => setNotes(event.target.value)} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button variant="danger" onClick={() => onAction('reject', notes)} disabled={isBusy}>
              Reject
            </Button>
            <Button onClick={() => onAction('approve', notes)} isLoading={isBusy}>
              Approve
            </Button>
          </div>
        </div>
      ) : (
        <>
          {cert.notes && <p className="mt-3 text-sm text-stone-700 dark:text-stone-300">Notes: {cert.notes}</p>}
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={onClose} autoFocus>
              Close
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
