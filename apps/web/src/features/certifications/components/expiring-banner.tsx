import { formatDate } from '@farmstand/shared';
import { useLoadErrorToast } from '@/components/ui/admin-ui';
import { certificationLabel } from '@/components/ui/certification-badge';
import { useExpiringCertifications } from '../api';
import { CERTIFICATION_TEXTS } from '../texts';

const LISTED = 3;

/** Certifications expiring within 30 days: the first three, then 'And N more...' (spec 02 §2). */
export function ExpiringBanner() {
  const query = useExpiringCertifications();
  useLoadErrorToast(query, CERTIFICATION_TEXTS.loadExpiring);
  const certs = query.data?.certifications ?? [];
  if (certs.length === 0) return null;
  return (
    <div
      role="status"
      className="rounded-xl border border-orange-300 bg-orange-50 p-4 text-orange-950 dark:border-orange-800 dark:bg-orange-950/40 dark:text-orange-100"
    >
      <p className="font-semibold">
        {certs.length} certification{certs.length === 1 ? '' : 's'} expiring within 30 days
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {certs.slice(0, LISTED).map((cert) => (
          <li key={cert.id}>
            {cert.farm_name}: {certificationLabel(cert.type)}, expires {formatDate(cert.expiry_date)}
          </li>
        ))}
      </ul>
      {certs.length > LISTED && <p className="mt-1 text-sm">And {certs.length - LISTED} more...</p>}
    </div>
  );
}
