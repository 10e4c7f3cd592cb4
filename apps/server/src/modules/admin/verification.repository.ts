import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificationStatusSql } from '../producers';
import { FOOD_LICENCE_TYPES } from './verification.rules';

/** Spec 02 §9: certifications expiring within this many days are flagged. */
export const EXPIRING_SOON_DAYS = 30;

/**
 * Readiness evidence per producer (decision 091): a food licence certification, a reachable business
 * (phone on the profile) and a verified e-mail; a certification of the spec's literal type counts too.
 * A certification counts only once an admin verified it and while it is valid: an
 * empty or unchecked entry is no evidence.
 */
const requirementColumns = (today: string) => {
  const counts = sql`${certificationStatusSql(today)} = 'verified'`;
  return sql`
  exists (select 1 from certifications c where c.producer_id = p.id and ${counts}
    and c.certification_type in (${sql.join(
      ['cottage_food_license', ...FOOD_LICENCE_TYPES].map((t) => sql`${t}`),
      sql`, `,
    )})) as cottage_food_license,
  (coalesce(trim(p.phone), '') <> '' or exists (select 1 from certifications c where c.producer_id = p.id
    and ${counts} and c.certification_type = 'business_license')) as business_license,
  (u.email_verified or exists (select 1 from certifications c where c.producer_id = p.id
    and ${counts} and c.certification_type = 'identity_verification')) as identity_verification`;
};

export type ProducerRow = {
  id: number;
  producer_row_id: number;
  farm_name: string;
  email: string;
  phone: string | null;
  description: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  delivery_available: boolean;
  delivery_radius: number | null;
  verification_status: 'pending' | 'approved' | 'rejected' | 'more_info';
  verification_notes: string | null;
  created_at: Date | string;
  cottage_food_license: boolean;
  business_license: boolean;
  identity_verification: boolean;
};

const selectProducers = (where: SQL, today: string) => sql`
  select p.user_id as id, p.id as producer_row_id, p.farm_name, u.email, p.phone, p.description, p.address, p.city,
    p.state, p.zip, p.delivery_available, p.delivery_radius, p.verification_status, p.verification_notes, p.created_at,
    ${requirementColumns(today)}
  from producers p join users u on u.id = p.user_id
  where u.status <> 'deleted' and ${where}
  order by p.created_at asc, p.id asc`;

/** open: awaiting a decision (never decided, resubmitted or reopened, or sent back for more information). */
const QUEUE_STATUSES = { open: ['pending', 'more_info'], rejected: ['rejected'], approved: ['approved'] } as const;
export type VerificationQueue = keyof typeof QUEUE_STATUSES;

export async function listProducersByQueue(db: Db, queue: VerificationQueue, today: string): Promise<ProducerRow[]> {
  const statuses = sql.join(
    QUEUE_STATUSES[queue].map((s) => sql`${s}`),
    sql`, `,
  );
  return (await db.execute<ProducerRow>(selectProducers(sql`p.verification_status in (${statuses})`, today))).rows;
}

export async function findProducerByUserId(db: Db, userId: number, today: string): Promise<ProducerRow | undefined> {
  return (await db.execute<ProducerRow>(selectProducers(sql`p.user_id = ${userId}`, today))).rows[0];
}

export async function setProducerVerification(
  db: Db,
  producerRowId: number,
  status: ProducerRow['verification_status'],
  notes: string | null,
): Promise<void> {
  await db.execute(sql`update producers set verification_status = ${status}, verification_notes = ${notes},
    updated_at = now() where id = ${producerRowId}`);
}

export type CertificationRow = {
  id: number;
  type: string;
  certification_name: string | null;
  producer_id: number;
  farm_name: string;
  producer_email: string;
  issuing_authority: string | null;
  certification_number: string | null;
  issue_date: string | Date | null;
  expiry_date: string | Date | null;
  document_url: string | null;
  status: 'pending' | 'verified' | 'rejected' | 'expired';
  notes: string | null;
  expires_soon: boolean;
};

const selectCertifications = (today: string, where: SQL, order: SQL = sql`c.created_at desc, c.id desc`) => sql`
  select * from (
    select c.id, c.certification_type as type, c.certification_name, p.user_id as producer_id, p.farm_name,
      u.email as producer_email, c.issuing_authority, c.certificate_number as certification_number,
      c.issue_date::text as issue_date, c.expiry_date::text as expiry_date, c.document_url,
      ${certificationStatusSql(today)} as status, c.notes, c.created_at,
      (c.expiry_date is not null and c.expiry_date >= ${today}::date
        and c.expiry_date <= ${today}::date + ${EXPIRING_SOON_DAYS}::int) as expires_soon
    from certifications c join producers p on p.id = c.producer_id join users u on u.id = p.user_id
    where u.status <> 'deleted'
  ) c where ${where} order by ${order}`;

/** Statuses as the expiry rule gives them on `today` (the farms' local day). */
export async function listCertifications(db: Db, today: string, where: SQL, order?: SQL): Promise<CertificationRow[]> {
  return (await db.execute<CertificationRow>(selectCertifications(today, where, order))).rows;
}

export const certificationWhere = {
  all: sql`true`,
  status: (status: string) => sql`c.status = ${status}`,
  producer: (userId: number) => sql`c.producer_id = ${userId}`,
  expiringSoon: sql`c.expires_soon and c.status in ('pending', 'verified')`,
  ids: (ids: number[]) =>
    sql`c.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
};

export async function certificationCounts(db: Db, today: string): Promise<Record<CertificationRow['status'], number>> {
  const rows = (
    await db.execute<{ status: CertificationRow['status']; n: string | number }>(sql`
      select ${certificationStatusSql(today)} as status, count(*) as n
      from certifications c join producers p on p.id = c.producer_id join users u on u.id = p.user_id
      where u.status <> 'deleted' group by 1`)
  ).rows;
  const counts = { pending: 0, verified: 0, rejected: 0, expired: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function setCertificationStatus(db: Db, id: number, status: 'verified' | 'rejected', notes: string | null) {
  await db.execute(sql`update certifications set status = ${status}, notes = coalesce(${notes}, notes) where id = ${id}`);
}

export type VerificationHistoryRow = {
  created_at: Date | string;
  admin_email: string | null;
  action: string;
  notes: string | null;
};

/**
 * The decisions on one application, newest first, read back from the admin log,
 * with the farmer's resubmissions (logged with the farmer as the actor).
 */
export async function listVerificationHistory(db: Db, userId: number): Promise<VerificationHistoryRow[]> {
  const result = await db.execute<VerificationHistoryRow>(sql`
    select l.created_at, u.email as admin_email, l.action, l.details->>'notes' as notes
    from admin_logs l left join users u on u.id = l.admin_id
    where l.target_type = 'producer' and l.target_id = ${String(userId)}
      and l.action in ('approve_producer', 'reject_producer', 'request_more_info_producer', 'reopen_producer',
        'resubmit_producer')
    order by l.created_at desc, l.id desc`);
  return result.rows;
}
