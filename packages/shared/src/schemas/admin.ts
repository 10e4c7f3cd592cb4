import { z } from 'zod';
import { ACCOUNT_TYPES, USER_TYPES } from './auth';
import { dbId, optionalQuery } from './common';
import { OrderWeeksResponse } from './orders';

/** Admin panel wire shapes (spec 02 §3 admin entities, §7 Admin calls). Field spelling follows the spec. */

export const AdminDashboardStats = z.object({
  users: z.object({ total_users: z.number(), new_users_30d: z.number(), total_producers: z.number() }),
  products: z.object({ total_products: z.number(), available_products: z.number() }),
  subscriptions: z.object({ active_subscriptions: z.number(), trial_subscriptions: z.number() }),
  orders: z.object({ total_orders: z.number(), total_revenue: z.number() }),
  reviews: z.object({ pending_reviews: z.number(), average_rating: z.number().nullable() }),
});
export type AdminDashboardStats = z.infer<typeof AdminDashboardStats>;

export const AdminListQuery = z.object({
  search: optionalQuery(z.string().trim().max(200)),
  page: optionalQuery(z.coerce.number().int().min(1).max(10_000)),
  limit: optionalQuery(z.coerce.number().int().min(1).max(100)),
});
export type AdminListQuery = z.infer<typeof AdminListQuery>;

export const AdminPageInfo = z.object({ page: z.number(), limit: z.number(), total: z.number() });

export const USER_STATUSES = ['active', 'suspended', 'deleted'] as const;

export const AdminUser = z.object({
  id: z.number(),
  email: z.string(),
  farm_name: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  email_verified: z.boolean(),
  status: z.enum(USER_STATUSES),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUsersResponse = z.object({ users: z.array(AdminUser), pagination: AdminPageInfo });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const USER_STATUS_ACTIONS = ['suspend', 'activate', 'delete'] as const;
export type UserStatusAction = (typeof USER_STATUS_ACTIONS)[number];
export const UserStatusRequest = z.object({
  action: z.enum(USER_STATUS_ACTIONS, 'Action must be suspend, activate or delete'),
});
export const UserTypeRequest = z.object({
  newType: z.enum(ACCOUNT_TYPES, 'New type must be consumer, producer or admin'),
});

export const AdminProduct = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  farm_name: z.string(),
  /** The farm's public page is /producer/{producer_user_id}. */
  producer_user_id: z.number(),
  price: z.number().nullable(),
  price_unit: z.string().nullable(),
  availability: z.string(),
  active: z.boolean(),
  moderation_status: z.enum(['approved', 'removed']),
  created_at: z.string(),
  /** Every label field its farm's state requires is filled in; label_missing names the rest. */
  label_ready: z.boolean(),
  label_missing: z.array(z.string()),
});
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductsResponse = z.object({ products: z.array(AdminProduct), pagination: AdminPageInfo });
export type AdminProductsResponse = z.infer<typeof AdminProductsResponse>;

export const PRODUCT_MODERATION_ACTIONS = ['remove', 'restore'] as const;
export const MODERATION_REASON_MAX = 500;
/** The reason an admin gives: the producer or the reviewer reads it. */
export const moderationReason = z
  .string({ error: 'Reason must be text' })
  .trim()
  .max(MODERATION_REASON_MAX, `Reason must be at most ${MODERATION_REASON_MAX} characters`)
  .optional();
/** A removal says why: the producer is shown the reason on their products and in the mail. */
export const ProductModerationRequest = z
  .object({
    action: z.enum(PRODUCT_MODERATION_ACTIONS, 'Action must be remove or restore'),
    reason: moderationReason,
  })
  .refine((v) => v.action !== 'remove' || Boolean(v.reason), {
    path: ['reason'],
    message: 'Reason is required: tell the producer why the product is removed',
  });

export const AdminPendingReview = z.object({
  id: z.number(),
  reviewer_email: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  reviewed_item_name: z.string(),
  /** What it is about, for the link: a product, or a farm (its producer's user id). */
  product_id: z.number().nullable(),
  producer_id: z.number().nullable(),
  created_at: z.string(),
});
export type AdminPendingReview = z.infer<typeof AdminPendingReview>;
export const AdminReviewsResponse = z.object({ reviews: z.array(AdminPendingReview) });

export const AdminLog = z.object({
  id: z.number(),
  admin_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  created_at: z.string(),
});
export type AdminLog = z.infer<typeof AdminLog>;
export const AdminLogsResponse = z.object({ logs: z.array(AdminLog), pagination: AdminPageInfo });
export type AdminLogsResponse = z.infer<typeof AdminLogsResponse>;

export const AdminHealth = z.object({
  database: z.object({ status: z.enum(['healthy', 'unhealthy']), size_mb: z.number() }),
  server: z.object({ status: z.literal('healthy'), uptime: z.number() }),
});
export type AdminHealth = z.infer<typeof AdminHealth>;

/* Producer verification and certification management (spec 02 §2, §4). */

export const READINESS = ['ready', 'partial', 'pending'] as const;
export type Readiness = (typeof READINESS)[number];
export const VerificationRequirements = z.object({
  cottage_food_license: z.boolean(),
  business_license: z.boolean(),
  identity_verification: z.boolean(),
});

export const PendingProducer = z.object({
  id: z.number(),
  farm_name: z.string(),
  email: z.string(),
  applied_at: z.string(),
  verification_status: z.enum(['pending', 'approved', 'rejected', 'more_info']),
  readiness: z.enum(READINESS),
  requirements: VerificationRequirements,
});
export type PendingProducer = z.infer<typeof PendingProducer>;
export const PendingProducersResponse = z.object({ producers: z.array(PendingProducer), count: z.number() });

/** Which applications the verification screen lists: open (awaiting a decision), rejected or approved. */
export const VERIFICATION_QUEUES = ['open', 'rejected', 'approved'] as const;
export type VerificationQueue = (typeof VERIFICATION_QUEUES)[number];
export const VerificationQueueQuery = z.object({ status: optionalQuery(z.enum(VERIFICATION_QUEUES)) });
export type PendingProducersResponse = z.infer<typeof PendingProducersResponse>;

/** One decision on a producer application, from the admin log. */
/** One entry of an application's history: an admin's decision, or the farmer's resubmission (by the farmer). */
export const VerificationHistoryEntry = z.object({
  created_at: z.string(),
  /** Who acted: the admin, or the farmer for a resubmission; null once that account is gone. */
  admin_email: z.string().nullable(),
  action: z.enum(['approve', 'reject', 'request_more_info', 'reopen', 'resubmit']),
  notes: z.string().nullable(),
});
export type VerificationHistoryEntry = z.infer<typeof VerificationHistoryEntry>;

export const AdminProducerDetails = z.object({
  id: z.number(),
  farm_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  delivery_available: z.boolean(),
  delivery_radius: z.number().nullable(),
  verification_status: z.enum(['pending', 'approved', 'rejected', 'more_info']),
  verification_notes: z.string().nullable(),
  created_at: z.string(),
  readiness: z.enum(READINESS),
  requirements: VerificationRequirements,
  /** Every decision, newest first. */
  verification_history: z.array(VerificationHistoryEntry),
});
export type AdminProducerDetails = z.infer<typeof AdminProducerDetails>;

export const CERTIFICATION_STATUSES = ['pending', 'verified', 'rejected', 'expired'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

export const AdminCertification = z.object({
  id: z.number(),
  type: z.string(),
  certification_name: z.string().nullable(),
  producer_id: z.number(),
  farm_name: z.string(),
  producer_email: z.string(),
  issuing_authority: z.string().nullable(),
  certification_number: z.string().nullable(),
  issue_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  document_url: z.string().nullable(),
  verified: z.boolean(),
  status: z.enum(CERTIFICATION_STATUSES),
  notes: z.string().nullable(),
  expires_soon: z.boolean(),
});
export type AdminCertification = z.infer<typeof AdminCertification>;

export const CertificationsQuery = z.object({ status: optionalQuery(z.enum(CERTIFICATION_STATUSES)) });
export const CertificationCounts = z.object({
  pending: z.number(),
  verified: z.number(),
  rejected: z.number(),
  expired: z.number(),
});
export const AdminCertificationsResponse = z.object({
  certifications: z.array(AdminCertification),
  counts: CertificationCounts,
});
export type AdminCertificationsResponse = z.infer<typeof AdminCertificationsResponse>;
export const AdminCertificationListResponse = z.object({ certifications: z.array(AdminCertification) });
export type AdminCertificationListResponse = z.infer<typeof AdminCertificationListResponse>;

export const CertificationTypesResponse = z.object({
  types: z.array(z.object({ value: z.string(), label: z.string() })),
  required_for_verification: z.array(z.object({ requirement: z.string(), label: z.string(), satisfied_by: z.string() })),
});
export type CertificationTypesResponse = z.infer<typeof CertificationTypesResponse>;

/** reopen sends any decided application back to the queue (decision 360). */
export const PRODUCER_VERIFY_ACTIONS = ['approve', 'reject', 'request_more_info', 'reopen'] as const;
export type ProducerVerifyAction = (typeof PRODUCER_VERIFY_ACTIONS)[number];
export const ProducerVerifyRequest = z.object({
  action: z.enum(PRODUCER_VERIFY_ACTIONS, 'Action must be approve, reject, request_more_info or reopen'),
  notes: z.string().trim().max(2000).optional(),
});

export const CERTIFICATION_ACTIONS = ['approve', 'reject'] as const;
export type CertificationAction = (typeof CERTIFICATION_ACTIONS)[number];
export const CertificationModerateRequest = z.object({
  action: z.enum(CERTIFICATION_ACTIONS, 'Action must be approve or reject'),
  notes: z.string().trim().max(2000).optional(),
});
export const CertificationBulkRequest = z.object({
  // An empty selection is refused by the service with the spec's own words (spec 02 §5).
  certIds: z.array(dbId()).max(500),
  action: z.enum(CERTIFICATION_ACTIONS, 'Action must be approve or reject'),
});
export const CertificationBulkResponse = z.object({ message: z.string(), updated: z.number(), skipped: z.number() });

/* Settings, maintenance and analytics (spec 02 §3, §5). */

/** Secret settings are never sent back; GET shows this mask and a PUT carrying it keeps the stored value. */
export const SECRET_MASK = '••••••••';
export const SECRET_SETTINGS: Record<string, readonly string[]> = {
  payment: ['stripe_secret_key', 'stripe_webhook_secret'],
  email: ['smtp_password'],
};
export const SettingsKeyParams = z.object({
  key: z.enum(
    ['general', 'payment', 'email', 'security', 'features', 'maintenance'],
    'Settings section must be one of: general, payment, email, security, features, maintenance',
  ),
});
export const SettingsSectionBody = z.record(z.string(), z.unknown());
export const SettingsResponse = z.object({ settings: z.record(z.string(), z.record(z.string(), z.unknown())) });

export const BackupResponse = z.object({ message: z.string(), file: z.string(), size_bytes: z.number() });

export const ANALYTICS_RANGES = ['7d', '30d', '90d', '1y'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const AnalyticsQuery = z.object({
  timeRange: optionalQuery(z.enum(ANALYTICS_RANGES, 'Period (time range) must be 7d, 30d, 90d or 1y')),
});

const SeriesPoint = z.object({ period: z.string(), value: z.number() });
export const AnalyticsResponse = z.object({
  time_range: z.enum(ANALYTICS_RANGES),
  metrics: z.object({
    total_revenue: z.number(),
    revenue_change: z.number(),
    active_users: z.number(),
    user_growth: z.number(),
    total_orders: z.number(),
    order_growth: z.number(),
    conversion_rate: z.number(),
    conversion_change: z.number(),
  }),
  top_producers: z.array(z.object({ id: z.number(), farm_name: z.string(), inquiries: z.number(), favorites: z.number() })),
  // Products rank by orders placed, then inquiries; favourites are kept per producer, not per product.
  top_products: z.array(
    z.object({ id: z.number(), name: z.string(), farm_name: z.string(), orders: z.number(), inquiries: z.number() }),
  ),
  recent_activity: z.array(z.object({ type: z.string(), description: z.string(), time: z.string() })),
  charts: z.object({
    users: z.array(SeriesPoint),
    revenue: z.array(SeriesPoint),
    products: z.array(SeriesPoint),
    engagement: z.array(SeriesPoint),
  }),
  /**
   * Every farm's orders by the week of their pickup (the Monday, `YYYY-MM-DD`), the last 12 weeks and
   * those ahead, whatever `time_range`; the value is the accepted orders' totals, weighed ones at
   * their weighed total: the farm's "Orders per week" rule (decisions 546, 552).
   */
  orders_per_week: OrderWeeksResponse.shape.weeks,
  geographic_data: z.array(z.object({ city: z.string(), state: z.string(), users: z.number(), percentage: z.number() })),
  user_segments: z.array(z.object({ name: z.string(), count: z.number(), percentage: z.number() })),
  platform_health: z.object({
    api_response_time: z.number(),
    db_performance: z.number(),
    error_rate: z.number().nullable(),
    /** Percent of the last 24 hours some instance served: the Health tab's figure; null before the first minute. */
    uptime: z.number().nullable(),
  }),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;
