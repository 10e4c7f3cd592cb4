import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** PostgreSQL full-text vector; filled by a generated column, never written by the app. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
