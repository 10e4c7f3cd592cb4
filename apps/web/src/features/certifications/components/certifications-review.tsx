import { formatDate } from '@farmstand/shared';
import {
  type AdminCertification,
  CERTIFICATION_STATUSES,
  type CertificationAction,
  type CertificationStatus,
} from '@farmstand/shared/schemas/admin';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { AdminLink, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Button } from '@/components/ui/button';
import { Card, EmptyState, Spinner } from '@/components/ui/card';
import { CertificationBadge, certificationLabel } from '@/components/ui/certification-badge';
import { DataTable } from '@/components/ui/data-table';
import { DocumentLink } from '@/components/ui/document-link';
import { AlertIcon, DocumentIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { useBulkCertifications, useCertifications, useCertificationTypes, useModerateCertification } from '../api';
import { CERTIFICATION_TEXTS } from '../texts';
import { CertificationDetails } from './certification-details';
import { ExpiringBanner } from './expiring-banner';

const STATUS_LABELS: Record<CertificationStatus, string> = {
  pending: 'Pending Review',
  verified: 'Verified',
  rejected: 'Rejected',
  expired: 'Expired',
};

export function CertificationsReview() {
  const [status, setStatus] = useState<CertificationStatus>('pending');
  const [selected, setSelected] = useState<number[]>([]);
  const [details, setDetails] = useState<AdminCertification | null>(null);
  const query = useCertifications(status);
  const types = useCertificationTypes();
  const moderate = useModerateCertification();
  const bulk = useBulkCertifications();
  useLoadErrorToast(query, CERTIFICATION_TEXTS.loadCertifications);
  useLoadErrorToast(types, CERTIFICATION_TEXTS.loadCertificationTypes);

  const labelOf = (type: string) => types.data?.types.find((t) => t.value === type)?.label ?? certificationLabel(type);
  const rows = query.data?.certifications ?? [];
  const allSelected = rows.length > 0 && rows.every((c) => selected.includes(c.id));

  const act = (cert: AdminCertification, action: CertificationAction, notes?: string) =>
    moderate.mutate(
      { id: cert.id, action, notes },
      // The hook confirms with a toast.
      {
        onSuccess: () => {
          setDetails(null);
          setSelected((ids) => ids.filter((id) => id !== cert.id));
        },
      },
    );

  const actInBulk = (action: CertificationAction) => {
    if (selected.length === 0) {
      toast.error(CERTIFICATION_TEXTS.selectCertificationsFirst);
      return;
    }
    bulk.mutate({ certIds: selected, action }, { onSuccess: () => setSelected([]) });
  };

  return (
    <div className="space-y-4">
      <ExpiringBanner />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Certification status</legend>
        {CERTIFICATION_STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'primary' : 'secondary'}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setSelected([]);
            }}
          >
            {STATUS_LABELS[s]}
            {query.data && <span className="rounded-full bg-black/10 px-2 text-xs dark:bg-black/30">{query.data.counts[s]}</span>}
          </Button>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2 rounded-xl bg-stone-100 p-3 text-sm dark:bg-stone-800/60">
        <span className="mr-auto font-medium">{selected.length} selected</span>
        <Button size="sm" onClick={() => actInBulk('approve')} isLoading={bulk.isPending && bulk.variables?.action === 'approve'}>
          Bulk Approve
        </Button>
        <Button size="sm" variant="danger" onClick={() => actInBulk('reject')} disabled={bulk.isPending}>
          Bulk Reject
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setSelected([])}>
          Clear Selection
        </Button>
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError text={CERTIFICATION_TEXTS.loadCertifications} onRetry={() => query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={`No ${STATUS_LABELS[status].toLowerCase()} certifications`} icon={DocumentIcon} />
      ) : (
        <Card>
          <DataTable
            caption={`${STATUS_LABELS[status]} certifications`}
            minWidth="min-w-[48rem]"
            rows={rows}
            rowKey={(cert) => cert.id}
            columns={[
              {
                header: (
                  <input
                    type="checkbox"
                    aria-label="Select all certifications"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? [] : rows.map((c) => c.id))}
                    className="h-4 w-4 accent-brand-700"
                  />
                ),
                cell: (cert) => (
                  <input
                    type="checkbox"
                    aria-label={`Select ${labelOf(cert.type)} of ${cert.farm_name}`}
                    checked={selected.includes(cert.id)}
                    onChange={() =>
                      setSelected((ids) => (ids.includes(cert.id) ? ids.filter((id) => id !== cert.id) : [...ids, cert.id]))
                    }
                    className="h-4 w-4 accent-brand-700"
                  />
                ),
              },
              {
                header: 'Producer',
                className: 'font-medium',
                cell: (cert) => <AdminLink to={`/producer/${cert.producer_id}`}>{cert.farm_name}</AdminLink>,
              },
              { header: 'Type', cell: (cert) => labelOf(cert.type) },
              { header: 'Issuing authority', cell: (cert) => cert.issuing_authority ?? '—' },
              { header: 'Issued', className: 'whitespace-nowrap', cell: (cert) => formatDate(cert.issue_date) || '—' },
              {
                header: 'Expires',
                className: 'whitespace-nowrap',
                cell: (cert) => (
                  <>
                    {formatDate(cert.expiry_date) || '—'}
                    {cert.expires_soon && (
                      <span
                        className="ml-1 inline-flex items-center gap-1 font-semibold text-orange-800 dark:text-orange-300"
                        title="Expires within 30 days"
                      >
                        <AlertIcon className="h-4 w-4" />
                        Soon
                      </span>
                    )}
                  </>
                ),
              },
              { header: 'Status', cell: (cert) => <CertificationBadge status={cert.status} /> },
              {
                header: 'Actions',
                cell: (cert) => (
                  <div className="flex gap-2">
                    {cert.document_url && (
                      <DocumentLink
                        url={cert.document_url}
                        label="View"
                        accessibleName={`View document of ${cert.farm_name}`}
                        className="rounded-lg px-2 py-1.5 text-sm font-semibold text-brand-700 underline dark:text-green-300"
                      />
                    )}
                    {cert.status === 'pending' && (
                      <>
                        <Button size="sm" onClick={() => act(cert, 'approve')} disabled={moderate.isPending}>
                          Approve
                        </Button>
                        <Button size="sm" variant="danger" onClick={() => act(cert, 'reject')} disabled={moderate.isPending}>
                          Reject
                        </Button>
                      </>
                    )}
                    <Button size="sm" variant="secondary" onClick={() => setDetails(cert)}>
                      Details
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        </Card>
      )}
      {details && (
        <CertificationDetails
          cert={details}
          label={labelOf(details.type)}
          isBusy={moderate.isPending}
          onAction={(action, notes) => act(details, action, notes)}
          onClose={() => setDetails(null)}
        />
      )}
    </div>
  );
}
