import { centsText, toCents } from '@farmstand/shared/format/money';
import type { AnalyticsResponse } from '@farmstand/shared/schemas/admin';
import { csvText } from '../../lib/csv';

/**
 * The admin's analytics as one CSV file (issue 50 item 5, decision 586): the figures the analytics
 * screen shows, from the same `analytics()` answer, a titled block per table with a blank line between.
 */
export function analyticsCsv(a: AnalyticsResponse): string {
  const dollars = (amount: number) => centsText(toCents(amount));
  const m = a.metrics;
  const series = a.charts.users.map((point, i) => [
    point.period,
    point.value,
    dollars(a.charts.revenue[i]?.value ?? 0),
    a.charts.products[i]?.value ?? 0,
    a.charts.engagement[i]?.value ?? 0,
  ]);
  return `\uFEFF${csvText([
    ['Farmstand analytics', a.time_range],
    ['Figure', 'Value', 'Change (%)'],
    ['Revenue ($)', dollars(m.total_revenue), m.revenue_change],
    ['Active users', m.active_users, m.user_growth],
    ['Orders', m.total_orders, m.order_growth],
    ['Conversion (%)', m.conversion_rate, m.conversion_change],
    [],
    ['Period', 'New users', 'Revenue ($)', 'New products', 'Engagement'],
    ...series,
    [],
    ['Pickup week', 'Orders', 'Reserved value ($)'],
    ...a.orders_per_week.map((w) => [w.week_start, w.orders, dollars(w.reserved_value)]),
    [],
    ['Top farm', 'Inquiries', 'Favorites'],
    ...a.top_producers.map((p) => [p.farm_name, p.inquiries, p.favorites]),
    [],
    ['Top product', 'Farm', 'Orders', 'Inquiries'],
    ...a.top_products.map((p) => [p.name, p.farm_name, p.orders, p.inquiries]),
    [],
    ['City', 'State', 'Farms', 'Share (%)'],
    ...a.geographic_data.map((g) => [g.city, g.state, g.users, g.percentage]),
    [],
    ['Segment', 'Users', 'Share (%)'],
    ...a.user_segments.map((s) => [s.name, s.count, s.percentage]),
  ])}`;
}
