import { CERTIFICATION_LABELS, CERTIFICATION_TYPES } from '@farmstand/shared';
import type {
  AdminCertification,
  AdminCertificationsResponse,
  AdminProducerDetails,
  CertificationAction,
  CertificationStatus,
  CertificationTypesResponse,
  PendingProducersResponse,
  ProducerVerifyAction,
  VerificationHistoryEntry,
} from '@farmstand/shared/schemas/admin';
import { sql } from 'drizzle-orm';
import { insertAdminLog } from '../../lib/admin-log';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { farmToday } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './verification.repository';
import { REQUIREMENT_EVIDENCE, readinessOf } from './verification.rules';

const iso = (value: Date | string) => new Date(value).toISOString();
const dateOnly = (value: Date | string | null) =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

function requirementsOf(row: repo.ProducerRow) {
  const requirements = {
    cottage_food_license: Boolean(row.cottage_food_license),
    business_license: Boolean(row.business_license),
    identity_verification: Boolean(row.identity_verification),
  };
  return { requirements, readiness: readinessOf(requirements) };
}

export async function pendingProducers(
  ctx: AppContext,
  queue: repo.VerificationQueue = 'open',
): Promise<PendingProducersResponse> {
  const rows = await repo.listProducersByQueue(ctx.db, queue, await farmToday(ctx));
  const producers = rows.map((row) => ({
    id: row.id,
    farm_name: row.farm_name,
    email: row.email,
    applied_at: iso(row.created_at),
    verification_status: row.verification_status,
    ...requirementsOf(row),
  }));
  return { producers, count: producers.length };
}

export async function producerDetails(ctx: AppContext, userId: number): Promise<AdminProducerDetails> {
  const row = await repo.findProducerByUserId(ctx.db, userId, await farmToday(ctx));
  if (!row) throw notFound('Producer not found');
  const history = await repo.listVerificationHistory(ctx.db, userId);
  const { producer_row_id: _, cottage_food_license, business_license, identity_verification, ...rest } = row;
  return {
    ...rest,
    created_at: iso(row.created_at),
    ...requirementsOf(row),
    verification_history: history.map((entry) => ({
      created_at: iso(entry.created_at),
      admin_email: entry.admin_email,
      action: entry.action.replace(/_producer$/, '') as VerificationHistoryEntry['action'],
      notes: entry.notes,
    })),
  };
}

const present = (row: repo.CertificationRow): AdminCertification => ({
  id: row.id,
  type: row.type,
  certification_name: row.certification_name,
  producer_id: row.producer_id,
  farm_name: row.farm_name,
  producer_email: row.producer_email,
  issuing_authority: row.issuing_authority,
  certification_number: row.certification_number,
  issue_date: dateOnly(row.issue_date),
  expiry_date: dateOnly(row.expiry_date),
  document_url: row.document_url,
  verified: row.status === 'verified',
  status: row.status,
  notes: row.notes,
  expires_soon: Boolean(row.expires_soon),
});

export async function producerCertifications(ctx: AppContext, userId: number): Promise<AdminCertification[]> {
  const today = await farmToday(ctx);
  if (!(await repo.findProducerByUserId(ctx.db, userId, today))) throw notFound('Producer not found');
  return (await repo.listCertifications(ctx.db, today, repo.certificationWhere.producer(userId))).map(present);
}

export async function certifications(ctx: AppContext, status?: CertificationStatus): Promise<AdminCertificationsResponse> {
  const where = status ? repo.certificationWhere.status(status) : repo.certificationWhere.all;
  const today = await farmToday(ctx);
  const [rows, counts] = await Promise.all([
    repo.listCertifications(ctx.db, today, where),
    repo.certificationCounts(ctx.db, today),
  ]);
  return { certifications: rows.map(present), counts };
}

export async function expiringCertifications(ctx: AppContext): Promise<AdminCertification[]> {
  const today = await farmToday(ctx);
  const rows = await repo.listCertifications(
    ctx.db,
    today,
    repo.certificationWhere.expiringSoon,
    sql`c.expiry_date asc, c.id asc`,
  );
  return rows.map(present);
}

export function certificationTypes(): CertificationTypesResponse {
  return {
    types: CERTIFICATION_TYPES.map((value) => ({ value, label: CERTIFICATION_LABELS[value] })),
    required_for_verification: Object.entries(REQUIREMENT_EVIDENCE).map(([requirement, evidence]) => ({
      requirement,
      ...evidence,
    })),
  };
}

/** reopen takes back any decision: the application waits in the queue again. */
const VERIFICATION_STATUS = {
  approve: 'approved',
  reject: 'rejected',
  request_more_info: 'more_info',
  reopen: 'pending',
} as const;
const RESULT = {
  approve: 'Producer approved',
  reject: 'Application rejected',
  request_more_info: 'More information requested',
  reopen: 'Application reopened for review',
} as const;
const PRODUCER_NOTICE = {
  approve: 'Your producer application was approved.',
  reject: 'Your producer application was not approved.',
  request_more_info: 'An administrator needs more information about your producer application.',
  reopen: 'Your producer application is being reviewed again.',
} as const;

const MAIL_SUBJECT = {
  approve: 'Your producer application was approved',
  reject: 'Your producer application was not approved',
  request_more_info: 'More information needed for your producer application',
  reopen: 'Your producer application is being reviewed again',
} as const;
const MAIL_NEXT_STEP = {
  approve: 'Your farm now shows as verified to shoppers.',
  reject:
    'You can update your profile and certifications and resubmit the application from your dashboard with a note of what changed.',
  request_more_info:
    'Please update your profile or certifications, then resubmit the application from your dashboard with a note of what changed.',
  reopen: 'An administrator will decide again; you will hear of the decision.',
} as const;

/** The producer hears of every decision by e-mail, with the admin's note. */
function decisionMail(
  ctx: AppContext,
  siteName: string,
  to: string,
  farmName: string,
  action: ProducerVerifyAction,
  notes?: string,
) {
  const lines = [
    `Hello ${farmName},`,
    '',
    `${PRODUCER_NOTICE[action]} ${MAIL_NEXT_STEP[action]}`,
    ...(notes ? ['', 'Note from the administrator:', notes] : []),
    '',
    `See your application status on your dashboard: ${ctx.config.publicUrl}/dashboard`,
    '',
    `${siteName}`,
  ];
  return { to, subject: `${siteName}: ${MAIL_SUBJECT[action]}`, text: lines.join('\n') };
}

export async function verifyProducer(
  ctx: AppContext,
  admin: AuthUser,
  userId: number,
  input: { action: ProducerVerifyAction; notes?: string },
) {
  // Read before the transaction: settings come through ctx.db, which an open transaction on PGlite blocks.
  const today = await farmToday(ctx);
  const decided = await ctx.db.transaction(async (tx) => {
    const producer = await repo.findProducerByUserId(tx, userId, today);
    if (!producer) throw notFound('Producer not found');
    await repo.setProducerVerification(tx, producer.producer_row_id, VERIFICATION_STATUS[input.action], input.notes || null);
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: `${input.action}_producer`,
      targetType: 'producer',
      targetId: String(userId),
      details: input.notes ? { notes: input.notes } : null,
    });
    return producer;
  });
  ctx.events.emit('notification', { userId, message: PRODUCER_NOTICE[input.action] });
  const { site_name } = await ctx.settings.get('general');
  await ctx.mailer.send(decisionMail(ctx, site_name || 'Farmstand', decided.email, decided.farm_name, input.action, input.notes));
  return { message: RESULT[input.action] };
}

const CERT_STATUS = { approve: 'verified', reject: 'rejected' } as const;

export async function moderateCertification(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  input: { action: CertificationAction; notes?: string },
) {
  const today = await farmToday(ctx);
  await ctx.db.transaction(async (tx) => {
    const [cert] = await repo.listCertifications(tx, today, repo.certificationWhere.ids([id]));
    if (!cert) throw notFound('Certification not found');
    if (cert.status !== 'pending') throw badRequest('Only pending certifications can be approved or rejected');
    await repo.setCertificationStatus(tx, id, CERT_STATUS[input.action], input.notes || null);
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: `${input.action}_certification`,
      targetType: 'certification',
      targetId: String(id),
      details: input.notes ? { notes: input.notes } : null,
    });
  });
  return { message: `Certification ${CERT_STATUS[input.action]}` };
}

/** Applies to the pending ones of the selection; the others are counted as skipped. */
export async function bulkModerateCertifications(
  ctx: AppContext,
  admin: AuthUser,
  input: { certIds: number[]; action: CertificationAction },
) {
  if (input.certIds.length === 0) throw badRequest('Please select certifications first');
  const ids = [...new Set(input.certIds)];
  const today = await farmToday(ctx);
  const updated = await ctx.db.transaction(async (tx) => {
    const pending = (await repo.listCertifications(tx, today, repo.certificationWhere.ids(ids))).filter(
      (c) => c.status === 'pending',
    );
    for (const cert of pending) {
      await repo.setCertificationStatus(tx, cert.id, CERT_STATUS[input.action], null);
      await insertAdminLog(tx, {
        adminId: admin.id,
        action: `bulk_${input.action}_certification`,
        targetType: 'certification',
        targetId: String(cert.id),
      });
    }
    return pending.length;
  });
  return {
    message: `${updated} certification${updated === 1 ? '' : 's'} ${CERT_STATUS[input.action]}`,
    updated,
    skipped: ids.length - updated,
  };
}
