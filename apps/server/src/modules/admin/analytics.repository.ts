import { toDollars } from '@farmstand/shared/format/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { describeAdminAction, describeSignup } from './activity-wording';

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

export type Window = { from: Date; to: Date };

/**
 * Activity = any of: order placed, inquiry sent, message sent, review written, producer favourited,
 * tracked event. Orders are those placed online: a farm's walk-up sales name the farm as their
 * customer (decision 575).
 */
const activeUsersIn = (w: Window) => sql`(
  select customer_id as user_id from orders where source = 'online' and created_at >= ${w.from} and created_at < ${w.to}
  union select customer_id from inquiries where created_at >= ${w.from} and created_at < ${w.to}
  union select sender_id from messages where created_at >= ${w.from} and created_at < ${w.to}
  union select reviewer_id from reviews where created_at >= ${w.from} and created_at < ${w.to}
  union select user_id from favorites where created_at >= ${w.from} and created_at < ${w.to}
  union select user_id from analytics_events where user_id is not null and created_at >= ${w.from} and created_at < ${w.to})`;

export type WindowFigures = {
  revenue_cents: number;
  new_users: number;
  active_users: number;
  orders: number;
  active_consumers: number;
  /** Consumers who placed an order: the conversion rate's numerator. */
  ordering_consumers: number;
};

export async function windowFigures(db: Db, w: Window): Promise<WindowFigures> {
  const result = await db.execute<Record<string, unknown>>(sql`
    with active as ${activeUsersIn(w)}
    select
      (select coalesce(sum(amount_cents), 0) from payments where created_at >= ${w.from} and created_at < ${w.to}) as revenue_cents,
      (select count(*) from users where status <> 'deleted' and created_at >= ${w.from} and created_at < ${w.to}) as new_users,
      (select count(*) from active a join users u on u.id = a.user_id where u.status <> 'deleted') as active_users,
      (select count(*) from orders where source = 'online' and created_at >= ${w.from} and created_at < ${w.to}) as orders,
      (select count(*) from active a join users u on u.id = a.user_id where u.user_type = 'consumer') as active_consumers,
      (select count(distinct o.customer_id) from orders o join users u on u.id = o.customer_id
        where u.user_type = 'consumer' and o.created_at >= ${w.from} and o.created_at < ${w.to}) as ordering_consumers`);
  const row = result.rows[0] ?? {};
  return {
    revenue_cents: num(row.revenue_cents),
    new_users: num(row.new_users),
    active_users: num(row.active_users),
    orders: num(row.orders),
    active_consumers: num(row.active_consumers),
    ordering_consumers: num(row.ordering_consumers),
  };
}

export async function topProducers(db: Db, w: Window) {
  const rows = await db.execute<Record<string, unknown>>(sql`
    select p.user_id as id, p.farm_name,
      (select count(*) from inquiries i where i.producer_user_id = p.user_id and i.created_at >= ${w.from} and i.created_at < ${w.to}) as inquiries,
      (select count(*) from favorites f where f.producer_user_id = p.user_id) as favorites
    from producers p join users u on u.id = p.user_id where u.status <> 'deleted'
    order by inquiries desc, favorites desc, p.farm_name asc limit 5`);
  // A farm nobody asked about or saved is no "top" farm: an empty list says "nothing yet" instead.
  return rows.rows
    .filter((r) => num(r.inquiries) > 0 || num(r.favorites) > 0)
    .map((r) => ({
      id: num(r.id),
      farm_name: String(r.farm_name),
      inquiries: num(r.inquiries),
      favorites: num(r.favorites),
    }));
}

export async function topProducts(db: Db, w: Window) {
  const rows = await db.execute<Record<string, unknown>>(sql`
    with ordered as (
      select oi.product_id, count(distinct oi.order_id) as n from order_items oi join orders o on o.id = oi.order_id
      where o.created_at >= ${w.from} and o.created_at < ${w.to} group by oi.product_id),
    asked as (
      select product_id, count(*) as n from inquiries where created_at >= ${w.from} and created_at < ${w.to} group by product_id)
    select pr.id, pr.name, p.farm_name, coalesce(ordered.n, 0) as orders, coalesce(asked.n, 0) as inquiries
    from products pr join producers p on p.id = pr.producer_id
    left join ordered on ordered.product_id = pr.id
    left join asked on asked.product_id = pr.id
    -- Only products someone reserved or asked about in the period: with none, the list is empty
    -- and says so, not five zeros in alphabetical order.
    where pr.active and (ordered.n is not null or asked.n is not null)
    order by orders desc, inquiries desc, pr.name asc limit 5`);
  return rows.rows.map((r) => ({
    id: num(r.id),
    name: String(r.name),
    farm_name: String(r.farm_name),
    orders: num(r.orders),
    inquiries: num(r.inquiries),
  }));
}

type ActivityRow = {
  type: string;
  description: string;
  time: Date | string;
  admin_email: string | null;
  action: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown> | null;
};

/** The five newest events of any kind, each as a sentence (activity-wording.ts). */
export async function recentActivity(db: Db) {
  const rows = await db.execute<ActivityRow>(sql`
    select * from (
      (select 'admin' as type, '' as description, l.created_at as time, u.email as admin_email, l.action,
          l.target_type, l.target_id, l.details
        from admin_logs l left join users u on u.id = l.admin_id order by l.created_at desc limit 5)
      union all
      (select 'order', 'A shopper reserved order #' || o.id || ' from ' || p.farm_name, o.created_at, null, null, null, null, null
        from orders o join producers p on p.user_id = o.producer_user_id order by o.created_at desc limit 5)
      union all
      (select 'inquiry', 'A shopper asked about ' || pr.name, i.created_at, null, null, null, null, null
        from inquiries i join products pr on pr.id = i.product_id order by i.created_at desc limit 5)
      union all
      (select 'signup', user_type, created_at, null, null, null, null, null from users order by created_at desc limit 5)
    ) a order by time desc limit 5`);
  return rows.rows.map((r) => ({
    type: r.type,
    description:
      r.type === 'admin'
        ? describeAdminAction({
            admin: r.admin_email,
            action: r.action ?? '',
            targetType: r.target_type ?? '',
            targetId: r.target_id,
            details: r.details,
          })
        : r.type === 'signup'
          ? describeSignup(r.description)
          : r.description,
    time: new Date(r.time).toISOString(),
  }));
}

export type Bucket = 'day' | 'week' | 'month';

/** Counts per bucket of a table's rows in the window (a sum of payments for revenue). */
export async function series(db: Db, w: Window, bucket: Bucket) {
  const b = sql.raw(`'${bucket}'`);
  const rows = await db.execute<{ metric: string; period: string; value: unknown }>(sql`
    select 'users' as metric, to_char(date_trunc(${b}, created_at), 'YYYY-MM-DD') as period, count(*)::float8 as value
      from users where created_at >= ${w.from} and created_at < ${w.to} group by 2
    union all
    select 'revenue', to_char(date_trunc(${b}, created_at), 'YYYY-MM-DD'), sum(amount_cents)::float8
      from payments where created_at >= ${w.from} and created_at < ${w.to} group by 2
    union all
    select 'products', to_char(date_trunc(${b}, created_at), 'YYYY-MM-DD'), count(*)::float8
      from products where created_at >= ${w.from} and created_at < ${w.to} group by 2
    union all
    select 'engagement', to_char(date_trunc(${b}, t), 'YYYY-MM-DD'), count(*)::float8 from (
      select created_at as t from inquiries where created_at >= ${w.from} and created_at < ${w.to}
      union all select created_at from messages where created_at >= ${w.from} and created_at < ${w.to}
      union all select created_at from reviews where created_at >= ${w.from} and created_at < ${w.to}
      union all select created_at from favorites where created_at >= ${w.from} and created_at < ${w.to}) e group by 2`);
  return rows.rows.map((r) => ({
    metric: r.metric,
    period: r.period,
    value: r.metric === 'revenue' ? toDollars(num(r.value)) : num(r.value),
  }));
}

export async function geography(db: Db) {
  const rows = await db.execute<{ city: string; state: string; users: unknown }>(sql`
    select p.city, p.state, count(*) as users from producers p join users u on u.id = p.user_id
    where u.status <> 'deleted' group by p.city, p.state order by users desc, p.city asc`);
  return rows.rows.map((r) => ({ city: r.city, state: r.state, users: num(r.users) }));
}

export async function segments(db: Db) {
  const rows = await db.execute<{ user_type: string; n: unknown }>(sql`
    select user_type, count(*) as n from users where status <> 'deleted' group by user_type`);
  return rows.rows.map((r) => ({ user_type: r.user_type, count: num(r.n) }));
}

/** One round trip, in milliseconds. */
export async function pingMs(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
