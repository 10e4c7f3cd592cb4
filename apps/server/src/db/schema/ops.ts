import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** The last run of every scheduled job (migration 0009), for the admin Health tab. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastStatus: text('last_status', { enum: ['running', 'ok', 'failed'] }),
  lastError: text('last_error'),
  lastSummary: jsonb('last_summary').$type<Record<string, unknown>>(),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
});

/** A reminder or digest that went out; the key makes each go out once across instances and reruns. */
export const jobNotices = pgTable(
  'job_notices',
  {
    kind: text('kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    milestone: text('milestone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'job_notices_pk', columns: [t.kind, t.subjectId, t.milestone] })],
);

/** Uncaught errors reported by browsers (POST /api/client-errors), listed in the admin Logs tab. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url'),
    userAgent: text('user_agent'),
    userId: integer('user_id'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [index('client_errors_created_idx').on(t.createdAt)],
);
