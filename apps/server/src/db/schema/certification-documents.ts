import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { certifications } from './producers';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The document attached to a certification (migration 0008). Private: served only to
 * the owner and admins through /api/certifications/{id}/document, never as a public upload.
 */
export const certificationDocuments = pgTable('certification_documents', {
  certificationId: integer('certification_id')
    .primaryKey()
    .references(() => certifications.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  fileName: text('file_name').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});
