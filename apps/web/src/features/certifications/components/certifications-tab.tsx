import { CERTIFICATION_LABELS } from '@farmstand/shared';
import type { OwnCertification } from '@farmstand/shared/schemas/producers';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/card';
import { CertificationBadge } from '@/components/ui/certification-badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DocumentIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useDeleteCertification } from '../api';
import { CERTIFICATION_TEXTS } from '../texts';
import { CertificationDocument } from './certification-document';
import { CertificationForm } from './certification-form';

/** The producer's certifications: add (pending until an admin verifies) and delete with confirmation. */
export function CertificationsTab({ certifications }: { certifications: OwnCertification[] }) {
  const [isAdding, setIsAdding] = useState(false);
  const [toDelete, setToDelete] = useState<OwnCertification | null>(null);
  const remove = useDeleteCertification();

  return (
    <section aria-labelledby="certifications-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="certifications-heading" className="text-lg font-semibold">
            Certifications
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            New certifications show as Pending until an admin verifies them.
          </p>
        </div>
        {!isAdding && (
          <Button onClick={() => setIsAdding(true)}>
            <span aria-hidden="true">+</span> Add Certification
          </Button>
        )}
      </div>
      {isAdding && (
        <Card className="p-5 sm:p-6">
          <CertificationForm onDone={() => setIsAdding(false)} />
        </Card>
      )}
      {certifications.length === 0 && !isAdding ? (
        <EmptyState title="No certifications yet" icon={DocumentIcon}>
          Certifications such as a cottage food registration help customers trust your products.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {certifications.map((cert) => (
            <li key={cert.id}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold [overflow-wrap:anywhere]">
                      {cert.certification_name || CERTIFICATION_LABELS[cert.certification_type]}
                    </p>
                    {cert.certification_name && cert.certification_name !== CERTIFICATION_LABELS[cert.certification_type] && (
                      <p className="text-sm text-stone-600 dark:text-stone-400">
                        {CERTIFICATION_LABELS[cert.certification_type]}
                      </p>
                    )}
                  </div>
                  <CertificationBadge status={cert.status} />
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
                  {cert.issuing_authority && <Detail term="Issued by" value={cert.issuing_authority} />}
                  {cert.certificate_number && <Detail term="Number" value={cert.certificate_number} />}
                  {cert.issue_date && <Detail term="Issued" value={formatDate(cert.issue_date)} />}
                  {cert.expiry_date && <Detail term="Expires" value={formatDate(cert.expiry_date)} />}
                </dl>
                {cert.notes && <p className="text-sm text-stone-600 dark:text-stone-400">Admin note: {cert.notes}</p>}
                <CertificationDocument
                  cert={cert}
                  name={cert.certification_name || CERTIFICATION_LABELS[cert.certification_type]}
                />
                <div className="mt-auto flex justify-end pt-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${cert.certification_name || CERTIFICATION_LABELS[cert.certification_type]}`}
                    onClick={() => setToDelete(cert)}
                  >
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {toDelete && (
        <ConfirmDialog
          title="Delete this certification?"
          message={`"${toDelete.certification_name || CERTIFICATION_LABELS[toDelete.certification_type]}" will be removed from your profile.`}
          confirmLabel="Delete Certification"
          isBusy={remove.isPending}
          onCancel={() => setToDelete(null)}
          onConfirm={() =>
            remove.mutate(toDelete.id, {
              onSuccess: () => {
                setToDelete(null);
                toast.success(CERTIFICATION_TEXTS.certificationDeleted);
              },
              onError: (error) => toast.error(errorMessage(error, CERTIFICATION_TEXTS.certificationDeleteFailed)),
            })
          }
        />
      )}
    </section>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-stone-600 dark:text-stone-400">{term}</dt>
      <dd>{value}</dd>
    </>
  );
}
