import { type SQL, sql } from 'drizzle-orm';

export type CertificationStatus = 'pending' | 'verified' | 'rejected' | 'expired';

/** Certifications the public sees: pending ones (with a Pending badge) and verified ones. */
export const PUBLIC_CERTIFICATION_STATUSES = ['pending', 'verified'] as const;

/**
 * The one expiry rule (docs/decisions/360): a certificate is valid through its expiry date, counted
 * in the farm's local day (the platform's time zone, general.timezone; the marketplace serves one
 * state). From the next local day a pending or verified certificate reads as expired, on every
 * screen and in the job, whatever status is stored; the job only stores it and sends the mail.
 */
export function certificationStatus(stored: CertificationStatus, expiryDate: string | null, today: string): CertificationStatus {
  if ((stored === 'pending' || stored === 'verified') && expiryDate !== null && expiryDate < today) return 'expired';
  return stored;
}

/** The same rule for SQL filters and counts; `c` is the certifications row. Kept next to the function on purpose. */
export const certificationStatusSql = (today: string): SQL =>
  sql`(case when c.status in ('pending', 'verified') and c.expiry_date < ${today}::date then 'expired' else c.status end)`;
