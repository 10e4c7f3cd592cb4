import { z } from 'zod';
import { dbId } from './common';

/** The 15 usage events of spec 01 §7. */
export const ANALYTICS_EVENT_TYPES = [
  'page_view',
  'search_performed',
  'producer_view',
  'producer_contact',
  'producer_favorite',
  'product_view',
  'product_inquiry',
  'user_login',
  'user_logout',
  'email_verified',
  'message_sent',
  'message_read',
  'review_submitted',
  'map_interaction',
  'location_search',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/** Serialized metadata above this many characters is refused, so one call cannot bloat the table. */
export const ANALYTICS_METADATA_MAX_CHARS = 4096;
export const ANALYTICS_MAX_DAYS = 365;
export const POPULAR_PRODUCTS_DEFAULT_LIMIT = 10;

const text = (max: number) => z.string().max(max);
const id = z.number().int().positive();
const filterValue = z.union([text(200), z.number(), z.boolean(), z.null(), z.array(text(100)).max(20)]);

/** spec 01 §3 Analytics event metadata: the common fields plus the event-specific ones; nothing else. */
export const AnalyticsMetadata = z
  .object({
    page: text(500).optional(),
    referrer: text(1000).optional(),
    timestamp: text(40).optional(),
    sessionId: text(100).optional(),
    searchQuery: text(200).optional(),
    filters: z.record(text(50), filterValue).optional(),
    producerId: id.optional(),
    producerName: text(200).optional(),
    productId: id.optional(),
    productName: text(200).optional(),
    recipientId: id.optional(),
    messageLength: z.number().int().min(0).max(100_000).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    radius: z.number().min(0).max(10_000).optional(),
    action: text(50).optional(),
    userType: text(20).optional(),
  })
  .strict()
  .refine((value) => JSON.stringify(value).length <= ANALYTICS_METADATA_MAX_CHARS, {
    message: `metadata must be at most ${ANALYTICS_METADATA_MAX_CHARS} characters`,
  });
export type AnalyticsMetadata = z.infer<typeof AnalyticsMetadata>;

export const TrackEventRequest = z.object({
  eventType: z.enum(ANALYTICS_EVENT_TYPES, 'Event type must be one of the analytics event types'),
  metadata: AnalyticsMetadata.default({}),
});
export type TrackEventRequest = z.infer<typeof TrackEventRequest>;

export const AnalyticsDaysQuery = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_DAYS).default(30),
});
export const PopularProductsQuery = AnalyticsDaysQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(POPULAR_PRODUCTS_DEFAULT_LIMIT),
});
export const AnalyticsProducerParams = z.object({ id: dbId() });

export const ProducerDailyActivity = z.object({
  date: z.string(),
  farmViews: z.number().int(),
  productViews: z.number().int(),
  contacts: z.number().int(),
  inquiries: z.number().int(),
  favorites: z.number().int(),
});
export type ProducerDailyActivity = z.infer<typeof ProducerDailyActivity>;

export const ProductViewCount = z.object({ productId: z.number().int(), productName: z.string(), views: z.number().int() });
export type ProductViewCount = z.infer<typeof ProductViewCount>;

/** GET /analytics/producer/{id}: the shape is not given by the spec (decision 100). */
export const ProducerAnalyticsResponse = z.object({
  days: z.number().int(),
  totals: ProducerDailyActivity.omit({ date: true }),
  products: z.array(ProductViewCount),
  daily: z.array(ProducerDailyActivity),
});
export type ProducerAnalyticsResponse = z.infer<typeof ProducerAnalyticsResponse>;

export const PopularProductsResponse = z.object({ days: z.number().int(), products: z.array(ProductViewCount) });
export const SearchTrendsResponse = z.object({
  days: z.number().int(),
  searches: z.array(z.object({ query: z.string(), count: z.number().int() })),
});
export const EventTypeCount = z.object({ eventType: z.string(), count: z.number().int() });
export const EngagementResponse = z.object({
  days: z.number().int(),
  totalEvents: z.number().int(),
  uniqueSessions: z.number().int(),
  uniqueUsers: z.number().int(),
  byEventType: z.array(EventTypeCount),
});
export const AnalyticsDashboardResponse = z.object({
  days: z.number().int(),
  totalEvents: z.number().int(),
  byEventType: z.array(EventTypeCount),
  daily: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
