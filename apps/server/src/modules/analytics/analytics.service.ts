import { addDaysToDate, isoDate } from '@farmstand/shared/format/date-only';
import type { ProducerAnalyticsResponse, ProducerDailyActivity, TrackEventRequest } from '@farmstand/shared/schemas/analytics';
import type { AppContext } from '../../lib/context';
import * as repo from './analytics.repository';

/** How many products the producer analytics lists. */
const PRODUCER_TOP_PRODUCTS = 5;
const SEARCH_TRENDS_LIMIT = 20;

/**
 * Stores one usage event. The session id travels in the metadata and gets its own column; the caller's IP is
 * never stored. When the admin turned analytics off the event is accepted and dropped, so clients need no flag.
 */
export async function track(ctx: AppContext, userId: number | null, event: TrackEventRequest): Promise<void> {
  const features = await ctx.settings.get('features');
  if (!features.enable_analytics) return;
  const { sessionId, ...metadata } = event.metadata;
  await repo.insertEvent(ctx.db, { eventType: event.eventType, userId, sessionId: sessionId ?? null, metadata });
}

/** The dates (UTC, YYYY-MM-DD) of the last `days` days, oldest first, ending today. */
export function lastDays(days: number, now: Date): string[] {
  return Array.from({ length: days }, (_, index) => addDaysToDate(isoDate(now), index + 1 - days));
}

export async function producerAnalytics(
  ctx: AppContext,
  producerUserId: number,
  days: number,
): Promise<ProducerAnalyticsResponse> {
  const [rows, products] = await Promise.all([
    repo.producerActivityByDay(ctx.db, producerUserId, days),
    repo.productViews(ctx.db, { days, limit: PRODUCER_TOP_PRODUCTS, producerUserId }),
  ]);
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const daily: ProducerDailyActivity[] = lastDays(days, ctx.clock.now()).map((date) => {
    const row = byDate.get(date);
    return {
      date,
      farmViews: row?.farm_views ?? 0,
      productViews: row?.product_views ?? 0,
      contacts: row?.contacts ?? 0,
      inquiries: row?.inquiries ?? 0,
      favorites: row?.favorites ?? 0,
    };
  });
  const sum = (key: keyof Omit<ProducerDailyActivity, 'date'>) => daily.reduce((total, d) => total + d[key], 0);
  return {
    days,
    totals: {
      farmViews: sum('farmViews'),
      productViews: sum('productViews'),
      contacts: sum('contacts'),
      inquiries: sum('inquiries'),
      favorites: sum('favorites'),
    },
    products: products.map(presentProductViews),
    daily,
  };
}

const presentProductViews = (row: repo.ProductViewRow) => ({
  productId: row.product_id,
  productName: row.product_name,
  views: row.views,
});

export async function popularProducts(ctx: AppContext, days: number, limit: number) {
  return { days, products: (await repo.productViews(ctx.db, { days, limit })).map(presentProductViews) };
}

export async function searchTrends(ctx: AppContext, days: number) {
  return { days, searches: await repo.searchTrends(ctx.db, days, SEARCH_TRENDS_LIMIT) };
}

export async function engagement(ctx: AppContext, days: number) {
  const [byEventType, visitors] = await Promise.all([repo.countsByEventType(ctx.db, days), repo.uniqueVisitors(ctx.db, days)]);
  return {
    days,
    totalEvents: byEventType.reduce((total, row) => total + row.count, 0),
    uniqueSessions: visitors.sessions,
    uniqueUsers: visitors.users,
    byEventType,
  };
}

export async function dashboard(ctx: AppContext, days: number) {
  const [byEventType, byDay] = await Promise.all([repo.countsByEventType(ctx.db, days), repo.countsByDay(ctx.db, days)]);
  const counts = new Map(byDay.map((row) => [row.date, row.count]));
  return {
    days,
    totalEvents: byEventType.reduce((total, row) => total + row.count, 0),
    byEventType,
    daily: lastDays(days, ctx.clock.now()).map((date) => ({ date, count: counts.get(date) ?? 0 })),
  };
}
