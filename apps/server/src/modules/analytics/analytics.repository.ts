import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export type NewAnalyticsEvent = {
  eventType: string;
  userId: number | null;
  sessionId: string | null;
  metadata: Record<string, unknown>;
};

export async function insertEvent(db: Db, event: NewAnalyticsEvent): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}

const since = (days: number) => sql`now() - make_interval(days => ${days})`;
const day = sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;

export type ProducerDayRow = {
  date: string;
  farm_views: number;
  product_views: number;
  contacts: number;
  inquiries: number;
  favorites: number;
};

/**
 * One row per day with activity about this producer (public id = user id). Product views count through the
 * producer's own products, so a view is credited even when the page did not send producerId.
 */
export async function producerActivityByDay(db: Db, producerUserId: number, days: number): Promise<ProducerDayRow[]> {
  const owner = String(producerUserId);
  const result = await db.execute<ProducerDayRow>(sql`
    with own_products as (
      select p.id::text as id from products p join producers pr on pr.id = p.producer_id
      where pr.user_id = ${producerUserId}
    )
    select ${day} as date,
      count(*) filter (where event_type = 'producer_view')::int as farm_views,
      count(*) filter (where event_type = 'product_view')::int as product_views,
      count(*) filter (where event_type = 'producer_contact'
        or (event_type = 'message_sent' and metadata->>'recipientId' = ${owner}))::int as contacts,
      count(*) filter (where event_type = 'product_inquiry')::int as inquiries,
      count(*) filter (where event_type = 'producer_favorite')::int as favorites
    from analytics_events
    where created_at >= ${since(days)}
      and event_type in ('producer_view', 'product_view', 'producer_contact', 'message_sent', 'product_inquiry', 'producer_favorite')
      and (metadata->>'producerId' = ${owner}
        or metadata->>'recipientId' = ${owner}
        or (event_type = 'product_view' and metadata->>'productId' in (select id from own_products)))
      and not (event_type = 'producer_favorite' and coalesce(metadata->>'action', 'add') = 'remove')
      and not (event_type = 'message_sent' and coalesce(metadata->>'recipientId', '') <> ${owner})
    group by 1 order by 1`);
  return result.rows;
}

export type ProductViewRow = { product_id: number; product_name: string; views: number };

/** Product views per product (current names from the products table), most viewed first. */
export async function productViews(
  db: Db,
  options: { days: number; limit: number; producerUserId?: number },
): Promise<ProductViewRow[]> {
  const ownerFilter = options.producerUserId === undefined ? sql`` : sql`and pr.user_id = ${options.producerUserId}`;
  const result = await db.execute<ProductViewRow>(sql`
    select p.id as product_id, p.name as product_name, count(*)::int as views
    from analytics_events e
    join products p on e.metadata->>'productId' = p.id::text
    join producers pr on pr.id = p.producer_id
    where e.event_type = 'product_view' and e.created_at >= ${since(options.days)} ${ownerFilter}
    group by p.id, p.name order by views desc, p.id limit ${options.limit}`);
  return result.rows;
}

/** Most frequent search queries, compared case-insensitively and trimmed. */
export async function searchTrends(db: Db, days: number, limit: number): Promise<{ query: string; count: number }[]> {
  const result = await db.execute<{ query: string; count: number }>(sql`
    select lower(trim(metadata->>'searchQuery')) as query, count(*)::int as count
    from analytics_events
    where event_type = 'search_performed' and created_at >= ${since(days)}
      and coalesce(trim(metadata->>'searchQuery'), '') <> ''
    group by 1 order by count desc, query limit ${limit}`);
  return result.rows;
}

export async function countsByEventType(db: Db, days: number): Promise<{ eventType: string; count: number }[]> {
  const result = await db.execute<{ eventType: string; count: number }>(sql`
    select event_type as "eventType", count(*)::int as count from analytics_events
    where created_at >= ${since(days)} group by 1 order by count desc, 1`);
  return result.rows;
}

export async function uniqueVisitors(db: Db, days: number): Promise<{ sessions: number; users: number }> {
  const result = await db.execute<{ sessions: number; users: number }>(sql`
    select count(distinct session_id)::int as sessions, count(distinct user_id)::int as users
    from analytics_events where created_at >= ${since(days)}`);
  return result.rows[0] ?? { sessions: 0, users: 0 };
}

export async function countsByDay(db: Db, days: number): Promise<{ date: string; count: number }[]> {
  const result = await db.execute<{ date: string; count: number }>(sql`
    select ${day} as date, count(*)::int as count from analytics_events
    where created_at >= ${since(days)} group by 1 order by 1`);
  return result.rows;
}
