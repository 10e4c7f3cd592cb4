import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** A farm profile. Its public id is the owner's user id (spec 01 §2: /producer/{user_id}). */
export const producers = pgTable(
  'producers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    farmName: text('farm_name').notNull(),
    description: text('description'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull().default('KY'),
    zip: text('zip').notNull(),
    phone: text('phone'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    deliveryAvailable: boolean('delivery_available').notNull().default(false),
    deliveryRadius: integer('delivery_radius'),
    pickupInstructions: text('pickup_instructions'),
    profileImageUrl: text('profile_image_url'),
    /** Admin decision on the producer application: pending | approved | rejected | more_info. */
    verificationStatus: text('verification_status', {
      enum: ['pending', 'approved', 'rejected', 'more_info'],
    })
      .notNull()
      .default('pending'),
    verificationNotes: text('verification_notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('producers_user_unique').on(t.userId),
    // Radius search is a bounding box on this index, then an exact haversine (DESIGN.md).
    index('producers_lat_lng_idx').on(t.latitude, t.longitude),
    // Typo-tolerant producer search ('word' <% farm_name) without scanning every producer.
    index('producers_farm_name_trgm_idx').using('gin', sql`${t.farmName} gin_trgm_ops`),
  ],
);

export const certifications = pgTable(
  'certifications',
  {
    id: serial('id').primaryKey(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    certificationType: text('certification_type').notNull(),
    certificationName: text('certification_name'),
    issuingAuthority: text('issuing_authority'),
    certificateNumber: text('certificate_number'),
    issueDate: date('issue_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    documentUrl: text('document_url'),
    status: text('status', { enum: ['pending', 'verified', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('certifications_producer_idx').on(t.producerId), index('certifications_status_idx').on(t.status)],
);
