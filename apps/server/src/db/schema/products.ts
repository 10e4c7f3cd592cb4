import type { ShareTerms } from '@farmstand/shared/schemas/shares';
import { TAX_CLASSES } from '@farmstand/shared/tax/classes';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tsvector, updatedAt } from './columns';
import { producers } from './producers';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The farm's own code for the product (issue 50): the catalogue file's key beside the id, unique per farm. */
    sku: text('sku'),
    category: text('category').notNull(),
    description: text('description'),
    priceCents: integer('price_cents'),
    priceUnit: text('price_unit'),
    availability: text('availability').notNull().default('available'),
    stockQuantity: integer('stock_quantity'),
    /** At most this many per pickup day across all windows ("20 pies per Saturday"); null: no limit. */
    dayLimit: integer('day_limit'),
    /** Sold by weight (decision 510): `price` is per this unit (lb | oz) and a pack weighs pack_min–pack_max. */
    weightUnit: text('weight_unit', { enum: ['lb', 'oz'] }),
    packMin: numeric('pack_min', { precision: 10, scale: 3, mode: 'number' }),
    packMax: numeric('pack_max', { precision: 10, scale: 3, mode: 'number' }),
    /**
     * Kept by the product's write from its active variants (`summarizeVariants`), for lists and the
     * search index: the price, unit and range above are the cheapest variant's, `priceFrom` says the
     * variants differ ("from $X"), and `variantNames` lets search find the product by a variant.
     */
    priceFrom: boolean('price_from').notNull().default(false),
    variantNames: text('variant_names'),
    /** Meat and poultry (decision 511): usda | state | custom_exempt | poultry_exempt, and the establishment number. */
    inspection: text('inspection', { enum: ['usda', 'state', 'custom_exempt', 'poultry_exempt'] }),
    establishmentNumber: text('establishment_number'),
    /** A share of an animal (decision 512): the producer's terms; null for every other product. */
    share: jsonb('share').$type<ShareTerms>(),
    /**
     * Where it was grown or raised, as the producer confirmed it (decision 516): a state code; null
     * means on the farm itself, in the farm's state. Coupons and the incentive read it.
     */
    originState: text('origin_state', { enum: ['KY', 'IN', 'OH', 'TN', 'WV'] }),
    /**
     * Its sales-tax class (decision 574): what the farmer's answers make it, or its category's
     * default (`defaultTaxClass`); the stand's sales are taxed by it and the farm's state.
     */
    taxClass: text('tax_class', { enum: TAX_CLASSES }).notNull().default('food'),
    seasonalStart: date('seasonal_start', { mode: 'string' }),
    seasonalEnd: date('seasonal_end', { mode: 'string' }),
    ingredients: text('ingredients'),
    allergens: text('allergens').array().notNull().default(sql`'{}'::text[]`),
    /** Label maker: net quantity with its unit, and the ingredients as an ordered list. */
    netQuantity: numeric('net_quantity', { precision: 10, scale: 3, mode: 'number' }),
    netUnit: text('net_unit'),
    ingredientList: text('ingredient_list').array().notNull().default(sql`'{}'::text[]`),
    /** Major allergens the ingredients imply that the producer confirmed absent. */
    allergensConfirmedAbsent: text('allergens_confirmed_absent').array().notNull().default(sql`'{}'::text[]`),
    /** The law the product is made under: home_processor | home_microprocessor. */
    sellerType: text('seller_type').notNull().default('home_processor'),
    requiredCertifications: text('required_certifications').array().notNull().default(sql`'{}'::text[]`),
    pickupInstructions: text('pickup_instructions'),
    primaryImageUrl: text('primary_image_url'),
    additionalImages: text('additional_images').array().notNull().default(sql`'{}'::text[]`),
    /** Soft delete: false means deleted (spec 02 §4). */
    active: boolean('active').notNull().default(true),
    /** Admin moderation: a removed product is hidden from everyone but its owner. */
    moderationStatus: text('moderation_status', { enum: ['approved', 'removed'] })
      .notNull()
      .default('approved'),
    /** Why an admin removed it: its producer reads this; cleared on restore. */
    moderationReason: text('moderation_reason'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(name, '') || ' ' || coalesce(category, '') || ' ' || coalesce(description, '') || ' ' || coalesce(ingredients, '') || ' ' || coalesce(variant_names, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_producer_idx').on(t.producerId),
    uniqueIndex('products_producer_sku_idx').on(t.producerId, t.sku).where(sql`${t.sku} is not null`),
    index('products_category_idx').on(t.category),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Listed products per producer: product counts and nearby-producer searches read only this.
    index('products_listed_producer_idx')
      .on(t.producerId, t.category, t.availability)
      .where(sql`${t.active} and ${t.moderationStatus} = 'approved'`),
    check('products_tax_class_check', sql`${t.taxClass} IN ('food', 'candy', 'soft_drink', 'prepared_food', 'non_food')`),
    check('products_origin_state_check', sql`${t.originState} IS NULL OR ${t.originState} IN ('KY', 'IN', 'OH', 'TN', 'WV')`),
  ],
);

/** A variant of a product (a cut, a pack size, a flavour): its own price, unit or weight range, stock and availability. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    /** The farm's own code for the variant (issue 50), unique within its product. */
    sku: text('sku'),
    priceCents: integer('price_cents'),
    priceUnit: text('price_unit'),
    weightUnit: text('weight_unit', { enum: ['lb', 'oz'] }),
    packMin: numeric('pack_min', { precision: 10, scale: 3, mode: 'number' }),
    packMax: numeric('pack_max', { precision: 10, scale: 3, mode: 'number' }),
    /** Packs; null: not tracked. */
    stockQuantity: integer('stock_quantity'),
    availability: text('availability', { enum: ['available', 'sold_out', 'pre_order'] })
      .notNull()
      .default('available'),
    /** A removed variant stays for the orders that name it. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    uniqueIndex('product_variants_product_sku_idx').on(t.productId, t.sku).where(sql`${t.sku} is not null`),
  ],
);
