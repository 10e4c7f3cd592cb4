import { fillBuckets } from '@farmstand/shared/analytics-buckets';
import { plusDays } from '@farmstand/shared/format/date-only';
import { percentOf, toDollars } from '@farmstand/shared/format/money';
import type { AnalyticsRange, AnalyticsResponse } from '@farmstand/shared/schemas/admin';
import type { AppContext } from '../../lib/context';
import { uptimePercent } from '../../lib/ops/heartbeat';
import { ordersPerPickupWeek } from '../orders';
import * as repo from './analytics.repository';

const RANGE_DAYS: Record<AnalyticsRange, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
const RANGE_BUCKET: Record<AnalyticsRange, repo.Bucket> = { '7d': 'day', '30d': 'day', '90d': 'week', '1y': 'month' };
const SEGMENT_NAMES: Record<string, string> = { consumer: 'Consumers', producer: 'Producers', admin: 'Admins' };
const GEOGRAPHY_ROWS = 8;

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : round1(percentOf(part, whole)));
/** Change against the previous period of the same length; from nothing to something counts as +100%. */
const change = (current: number, previous: number) =>
  previous === 0 ? (current > 0 ? 100 : 0) : round1(percentOf(current - previous, previous));

/**
 * Real figures from the tables (decisions 093, 174): orders are reservations, payments the revenue, and an active
 * user is one who did something in the period. Platform health is measured on this request.
 */
export async function analytics(ctx: AppContext, range: AnalyticsRange): Promise<AnalyticsResponse> {
  const started = performance.now();
  const now = ctx.clock.now();
  const days = RANGE_DAYS[range];
  const current = { from: plusDays(now, -days), to: now };
  const previous = { from: plusDays(now, -2 * days), to: current.from };

  const [cur, prev, topProducers, topProducts, recentActivity, points, places, segmentRows, ordersPerWeek] = await Promise.all([
    repo.windowFigures(ctx.db, current),
    repo.windowFigures(ctx.db, previous),
    repo.topProducers(ctx.db, current),
    repo.topProducts(ctx.db, current),
    repo.recentActivity(ctx.db),
    repo.series(ctx.db, current, RANGE_BUCKET[range]),
    repo.geography(ctx.db),
    repo.segments(ctx.db),
    // Every farm's, by the farm's own rule.
    ordersPerPickupWeek(ctx, null),
  ]);
  const dbPing = await repo.pingMs(ctx.db);

  const conversion = percent(cur.ordering_consumers, cur.active_consumers);
  const previousConversion = percent(prev.ordering_consumers, prev.active_consumers);
  const producersTotal = places.reduce((sum, p) => sum + p.users, 0);
  const usersTotal = segmentRows.reduce((sum, s) => sum + s.count, 0);
  // Every bucket of the period, oldest first; a bucket without activity is a zero.
  const seriesOf = (metric: string) =>
    fillBuckets(
      points.filter((p) => p.metric === metric).map(({ period, value }) => ({ period, value })),
      range,
      now,
    );

  return {
    time_range: range,
    metrics: {
      total_revenue: toDollars(cur.revenue_cents),
      revenue_change: change(cur.revenue_cents, prev.revenue_cents),
      active_users: cur.active_users,
      user_growth: change(cur.new_users, prev.new_users),
      total_orders: cur.orders,
      order_growth: change(cur.orders, prev.orders),
      conversion_rate: conversion,
      conversion_change: round1(conversion - previousConversion),
    },
    top_producers: topProducers,
    top_products: topProducts,
    recent_activity: recentActivity,
    charts: {
      users: seriesOf('users'),
      revenue: seriesOf('revenue'),
      products: seriesOf('products'),
      engagement: seriesOf('engagement'),
    },
    orders_per_week: ordersPerWeek,
    geographic_data: places.slice(0, GEOGRAPHY_ROWS).map((p) => ({ ...p, percentage: percent(p.users, producersTotal) })),
    user_segments: segmentRows
      .sort((a, b) => b.count - a.count)
      .map((s) => ({
        name: SEGMENT_NAMES[s.user_type] ?? s.user_type,
        count: s.count,
        percentage: percent(s.count, usersTotal),
      })),
    platform_health: {
      api_response_time: Math.round(performance.now() - started),
      db_performance: round1(dbPing),
      // Share of this instance's answers in the last hour that were 5xx (null before the first request).
      error_rate: ctx.metrics.errorRate.percent().percent,
      // The Health tab's figure (the share of the last 24 hours served), rated by the same rateHealth.
      uptime: await uptimePercent(ctx, now),
    },
  };
}
