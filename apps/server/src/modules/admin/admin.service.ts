import { roundHundredths, toDollars, toDollarsOrNull } from '@farmstand/shared/format/money';
import type {
  AdminDashboardStats,
  AdminHealth,
  AdminListQuery,
  AdminLogsResponse,
  AdminPendingReview,
  AdminProductsResponse,
  AdminUser,
  AdminUsersResponse,
  UserStatusAction,
} from '@farmstand/shared/schemas/admin';
import type { AccountType } from '@farmstand/shared/schemas/auth';
import { insertAdminLog } from '../../lib/admin-log';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { forgetAllPublicProducts, forgetPublicProduct } from '../../lib/public-products';
import type { AuthUser } from '../../plugins/auth';
import { producerTrial, startProducerAccount } from '../auth';
import { labelReadiness, toLabelProducer, toLabelProduct } from '../labels';
import * as repo from './admin.repository';

const DEFAULT_PAGE_SIZE = 25;
const iso = (value: Date | string) => new Date(value).toISOString();

function pageOf(query: AdminListQuery) {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const page = query.page ?? 1;
  return { page, limit, offset: (page - 1) * limit };
}

export async function dashboardStats(ctx: AppContext): Promise<AdminDashboardStats> {
  const c = await repo.dashboardCounts(ctx.db);
  return {
    users: { total_users: c.total_users, new_users_30d: c.new_users_30d, total_producers: c.total_producers },
    products: { total_products: c.total_products, available_products: c.available_products },
    subscriptions: { active_subscriptions: c.active_subscriptions, trial_subscriptions: c.trial_subscriptions },
    // There is no checkout: an inquiry is the marketplace's order, subscription payments its revenue.
    orders: { total_orders: c.total_orders, total_revenue: toDollars(c.revenue_cents) },
    reviews: {
      pending_reviews: c.pending_reviews,
      average_rating: c.average_rating === null ? null : Math.round(c.average_rating * 10) / 10,
    },
  };
}

export async function listUsers(ctx: AppContext, query: AdminListQuery): Promise<AdminUsersResponse> {
  const { page, limit, offset } = pageOf(query);
  const { rows, total } = await repo.listUsers(ctx.db, query.search, { limit, offset });
  return {
    users: rows.map((row): AdminUser => ({ ...row, created_at: iso(row.created_at) })),
    pagination: { page, limit, total },
  };
}

const STATUS_FOR_ACTION = { suspend: 'suspended', activate: 'active', delete: 'deleted' } as const;
/** What the admin is told: the action done, not the status ('User active' read like a state). */
const STATUS_MESSAGES = { suspend: 'User suspended', activate: 'User reactivated', delete: 'User deleted' } as const;

/** Suspended and deleted accounts cannot sign in and their tokens stop working (plugins/auth.ts). */
export async function changeUserStatus(ctx: AppContext, admin: AuthUser, id: number, action: UserStatusAction) {
  if (id === admin.id && action !== 'activate') throw badRequest(`You cannot ${action} your own account`);
  await ctx.db.transaction(async (tx) => {
    const user = await repo.findUser(tx, id);
    if (!user || user.status === 'deleted') throw notFound('User not found');
    await repo.updateUser(tx, id, { status: STATUS_FOR_ACTION[action] });
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: `${action}_user`,
      targetType: 'user',
      targetId: String(id),
      details: { previous_status: user.status },
    });
  });
  if (action !== 'activate') ctx.events.emit('user.sessions_ended', { userId: id, reason: STATUS_FOR_ACTION[action] });
  // A suspended producer's products leave the public at once (docs/decisions/060).
  forgetAllPublicProducts(ctx);
  return { message: STATUS_MESSAGES[action] };
}

export async function changeUserType(ctx: AppContext, admin: AuthUser, id: number, newType: AccountType) {
  // An admin demoting themselves could lock the platform out of its own panel.
  if (id === admin.id) throw badRequest('You cannot change your own account type');
  const trial = await producerTrial(ctx);
  await ctx.db.transaction(async (tx) => {
    const user = await repo.findUser(tx, id);
    if (!user || user.status === 'deleted') throw notFound('User not found');
    if (user.userType === newType) throw badRequest(`User is already a ${newType}`);
    if (user.userType === 'stand_helper')
      throw badRequest('A stand helper’s account belongs to its farm: the farm removes it from its stand');
    // Turning producer follows the rules of registering as one (trial, no favourites).
    if (newType === 'producer') await startProducerAccount(tx, id, trial);
    else await repo.updateUser(tx, id, { userType: newType });
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: 'change_user_type',
      targetType: 'user',
      targetId: String(id),
      details: { from: user.userType, to: newType },
    });
  });
  // A farm whose owner is no longer a producer leaves the public at once, like a suspension.
  forgetAllPublicProducts(ctx);
  return { message: `User type changed to ${newType}` };
}

export async function listProducts(ctx: AppContext, query: AdminListQuery): Promise<AdminProductsResponse> {
  const { page, limit, offset } = pageOf(query);
  const { rows, total } = await repo.listProducts(ctx.db, query.search, { limit, offset });
  return {
    products: rows.map(({ label, price_cents, ...row }) => {
      // Ready means printable on at least one sheet, by the PDF's own fit.
      const readiness = labelReadiness(
        toLabelProduct({ ...label, name: row.name, category: row.category }),
        toLabelProducer({ ...label, farmName: row.farm_name }),
      );
      return {
        ...row,
        price: toDollarsOrNull(price_cents),
        created_at: iso(row.created_at),
        label_ready: readiness.ready,
        label_missing: readiness.missing,
      };
    }),
    pagination: { page, limit, total },
  };
}

/**
 * Remove hides a product from everyone but its owner, with the reason the owner is shown; restore
 * lists it again. The producer hears of either, live and by mail (docs/decisions/410).
 */
export async function moderateProduct(
  ctx: AppContext,
  admin: AuthUser,
  id: number,
  input: { action: 'remove' | 'restore'; reason?: string },
) {
  const isRemoval = input.action === 'remove';
  const reason = input.reason || null;
  const product = await ctx.db.transaction(async (tx) => {
    const found = await repo.findProduct(tx, id);
    if (!found?.active) throw notFound('Product not found');
    await repo.setProductModeration(tx, id, { status: isRemoval ? 'removed' : 'approved', reason: isRemoval ? reason : null });
    await insertAdminLog(tx, {
      adminId: admin.id,
      action: `${input.action}_product`,
      targetType: 'product',
      targetId: String(id),
      details: reason ? { reason } : null,
    });
    return found;
  });
  forgetPublicProduct(ctx, id);
  const notice = isRemoval
    ? `An administrator removed ${product.name} from the marketplace. Reason: ${reason}`
    : `An administrator restored ${product.name}: shoppers can see it again.`;
  ctx.events.emit('notification', { userId: product.ownerUserId, message: notice, productId: id });
  await ctx.mailer.send({
    to: product.ownerEmail,
    subject: isRemoval ? `${product.name} was removed from the marketplace` : `${product.name} is listed again`,
    heading: isRemoval ? `${product.name} was removed from the marketplace` : `${product.name} is listed again`,
    paragraphs: isRemoval
      ? [
          `An administrator removed ${product.name} of ${product.farmName}: shoppers no longer see it. The reason they gave:`,
          reason ?? '',
          'You still see the product in your list. Reply to the support address if you want to discuss it.',
        ]
      : [`An administrator restored ${product.name} of ${product.farmName}: shoppers can see it again.`],
    action: { label: 'See your products', url: `${ctx.config.publicUrl}/profile?tab=products` },
    reason: `You are getting this because ${product.name} is one of your listed products.`,
  });
  return { message: isRemoval ? 'Product removed' : 'Product restored' };
}

export async function pendingReviews(ctx: AppContext): Promise<AdminPendingReview[]> {
  const rows = await repo.listPendingReviews(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    reviewer_email: row.reviewer_email,
    rating: row.rating,
    comment: [row.title, row.content].filter(Boolean).join(': ') || null,
    reviewed_item_name: row.reviewed_item_name ?? '',
    product_id: row.product_id,
    producer_id: row.producer_id,
    created_at: iso(row.created_at),
  }));
}

export async function adminLogs(ctx: AppContext, query: AdminListQuery): Promise<AdminLogsResponse> {
  const { page, limit, offset } = pageOf(query);
  const { rows, total } = await repo.listAdminLogs(ctx.db, { limit, offset });
  return { logs: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })), pagination: { page, limit, total } };
}

export async function systemHealth(ctx: AppContext): Promise<AdminHealth> {
  const uptime = Math.floor((ctx.clock.now().getTime() - ctx.startedAt.getTime()) / 1000);
  try {
    const bytes = await ctx.database.sizeBytes();
    return {
      database: { status: 'healthy', size_mb: roundHundredths(bytes / 1024 / 1024) },
      server: { status: 'healthy', uptime },
    };
  } catch {
    return { database: { status: 'unhealthy', size_mb: 0 }, server: { status: 'healthy', uptime } };
  }
}
