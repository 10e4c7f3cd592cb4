import { z } from 'zod';
import { USER_TYPES } from './auth';
import { optionalQuery } from './common';

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
  newType: z.enum(USER_TYPES, 'New type must be consumer, producer or admin'),
});

export const AdminProduct = z.object({
  id: z.number(),
  name: z.string(),
  category: z.string(),
  farm_name: z.string(),
  price: z.number().nullable(),
  price_unit: z.string().nullable(),
  availability: z.string(),
  active: z.boolean(),
  moderation_status: z.enum(['approved', 'removed']),
  created_at: z.string(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;
export const AdminProductsResponse = z.object({ products: z.array(AdminProduct), pagination: AdminPageInfo });
export type AdminProductsResponse = z.infer<typeof AdminProductsResponse>;

export const PRODUCT_MODERATION_ACTIONS = ['remove', 'restore'] as const;
export const ProductModerationRequest = z.object({
  action: z.enum(PRODUCT_MODERATION_ACTIONS, 'Action must be remove or restore'),
  reason: z.string().trim().max(500).optional(),
});

export const AdminPendingReview = z.object({
  id: z.number(),
  reviewer_email: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  reviewed_item_name: z.string(),
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
