import { randomBytes, randomUUID } from 'node:crypto';
import { addDaysToDate, todayDateOnly } from '@farmstand/shared/format/date-only';
import { signAccessToken } from '../../apps/server/src/lib/tokens';
import { createBenchUsers, deleteBenchUsers } from '../lib/bench-users';
import { BENCH_PORT } from '../lib/config';
import { startHelloWorld } from '../lib/hello-world';
import { addTable, ms, verdict } from '../lib/report';
import { defineSection } from '../lib/section';
import { startBenchServer } from '../lib/server';

/** Issue 49: a big Saturday, 80 farms × 500 market orders × 6 lines. */
const FARMS = 80;
const MARKET_ORDERS = 500;
const PARTS_PER_ORDER = 3;
const LINES_PER_PART = 2;
const RUNS = 20;
const LIST_MS = 1_000;
const CSV_MS = 2_000;
const FAMILY = 'bench-market-day';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * The market's pickup day at the scale of issue 49 item 6 (decision 587): a bench market with every
 * day a market day, 80 bench farms as its vendors (a market place each, no cut-off), 500 market orders
 * of one market day with 3 farms' parts of 2 lines each (6 lines, 3,000 in all), written with bulk
 * statements, half the farms checked in. Timed over HTTP, 20 times each, beside the same run's bare
 * Fastify hello-world: the manager's pickup-day JSON, its check-in and checkout CSVs, one farm's pick
 * list of that day, and placing a 10-farm market order for the coming market day (POST
 * /api/markets/:id/basket, one product of each of 10 vendors). Everything it wrote is deleted after.
 */
export default defineSection({
  name: 'market-day',
  needsServer: false,
  async run({ pool, databaseUrl }) {
    const secret = randomBytes(32).toString('hex');
    const server = await startBenchServer(databaseUrl, BENCH_PORT + 14, { JWT_SECRET: secret });
    const hello = await startHelloWorld(BENCH_PORT + 15);
    let marketId: number | null = null;
    try {
      const { rows: farms } = await pool.query<{
        user_id: number;
        email: string;
        token_version: number;
        product_id: number;
        name: string;
        price_cents: number;
      }>(`
        select distinct on (p.user_id) p.user_id, u.email, u.token_version, pr.id as product_id, pr.name, pr.price_cents
        from products pr join producers p on p.id = pr.producer_id join users u on u.id = p.user_id
        join subscriptions s on s.user_id = p.user_id
        where pr.active and pr.moderation_status = 'approved' and pr.price_cents is not null and pr.category <> 'herdshare'
          and pr.availability in ('available', 'pre_order') and pr.seasonal_start is null and pr.seasonal_end is null
          and pr.variant_names is null and pr.weight_unit is null and pr.share is null
          and (pr.stock_quantity is null or pr.stock_quantity >= 5) and u.email like 'bench-producer-%'
          and s.status in ('active', 'trialing') and u.status = 'active' and u.email_verified and p.state = 'KY'
        order by p.user_id, pr.id limit ${FARMS}`);
      if (farms.length < FARMS) throw new Error(`only ${farms.length} bench farms to sell at the market`);
      const [manager, shopper, ...placers] = await createBenchUsers(pool, secret, FAMILY, 2 + RUNS + 1, 'user');

      // Every day a market day (07:00–12:00 Lexington), ordering open 6 days before until it opens.
      const year = new Date().getUTCFullYear();
      const { rows: market } = await pool.query<{ id: number }>(
        `insert into markets (slug, name, address, city, state, zip, time_zone, season_start, season_end, market_days,
           basket_on, basket_opens_days, basket_closes_hours, basket_fee_kind, basket_fee_percent_bp)
         values ($1, 'Bench Market Day', '1 Bench St', 'Lexington', 'KY', '40507', 'America/New_York', $2, $3, $4,
           true, 6, 0, 'percent', 250) returning id`,
        [
          `${FAMILY}-${randomUUID()}`,
          `${year - 1}-01-01`,
          `${year + 1}-12-31`,
          JSON.stringify([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '07:00', closes: '12:00' }))),
        ],
      );
      marketId = market[0].id;
      await pool.query(`insert into market_staff (market_id, user_id, role, added_at) values ($1, $2, 'manager', now())`, [
        marketId,
        manager.id,
      ]);
      const { rows: points } = await pool.query<{ id: number; producer_user_id: number }>(
        `insert into pickup_points (producer_user_id, kind, name, address, city, state, zip, cutoff_hours)
         select u, 'market', 'Bench Market Day', '1 Bench St', 'Lexington', 'KY', '40507', 0 from unnest($1::int[]) u
         returning id, producer_user_id`,
        [farms.map((f) => f.user_id)],
      );
      const pointOf = new Map(points.map((p) => [p.producer_user_id, p.id]));
      await pool.query(
        `insert into market_vendors (market_id, producer_user_id, status, point_id, requested_at, decided_at)
         select $1, u, 'approved', p, now(), now() from unnest($2::int[], $3::int[]) as t(u, p)`,
        [marketId, farms.map((f) => f.user_id), farms.map((f) => pointOf.get(f.user_id))],
      );

      // The measured day: two days on (a market day; the window has not started, so the sweep leaves it).
      // The market's local date (its zone is Eastern), not the UTC one: late evening they differ.
      const day = addDaysToDate(todayDateOnly(new Date(), 'America/New_York'), 2);
      const start = new Date(`${day}T11:00:00Z`);
      const end = new Date(`${day}T16:00:00Z`);
      const { rows: made } = await pool.query<{ id: number }>(
        `insert into market_orders (market_id, customer_id, client_key, market_date, pickup_start, pickup_end, shopper_name, shopper_phone)
         select $1, $2, 'bench-' || g, $3::date, $4, $5, 'Bench Shopper ' || g, '(859) 555-' || lpad(g::text, 4, '0')
         from generate_series(1, ${MARKET_ORDERS}) g order by g returning id`,
        [marketId, shopper.id, day, start, end],
      );
      const parts = made.flatMap((m, i) =>
        Array.from({ length: PARTS_PER_ORDER }, (_, k) => ({
          marketOrderId: m.id,
          farm: farms[(i * PARTS_PER_ORDER + k) % FARMS],
        })),
      );
      const { rows: orderRows } = await pool.query<{ id: number; market_order_id: number; producer_user_id: number }>(
        `insert into orders (customer_id, producer_user_id, status, point_id, point_kind, point_name, time_zone, window_start,
           window_end, window_date, cutoff_at, shopper_name, subtotal_cents, total_cents, expires_at, market_order_id)
         select $1, f, 'accepted', p, 'market', 'Bench Market Day', 'America/New_York', $2, $3, $4, $2, 'Bench Shopper',
           s, s, $3, m
         from unnest($5::int[], $6::int[], $7::int[], $8::int[]) as t(f, p, s, m)
         returning id, market_order_id, producer_user_id`,
        [
          shopper.id,
          start,
          end,
          day,
          parts.map((p) => p.farm.user_id),
          parts.map((p) => pointOf.get(p.farm.user_id)),
          parts.map((p) => p.farm.price_cents * 3),
          parts.map((p) => p.marketOrderId),
        ],
      );
      const farmOf = new Map(farms.map((f) => [f.user_id, f]));
      const lines = orderRows.flatMap((o) =>
        Array.from({ length: LINES_PER_PART }, (_, k) => ({ order: o, farm: farmOf.get(o.producer_user_id), quantity: k + 1 })),
      );
      await pool.query(
        `insert into order_items (order_id, product_id, product_name, price_unit, unit_price_cents, quantity)
         select o, p, n, 'each', c, q from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[]) as t(o, p, n, c, q)`,
        [
          lines.map((l) => l.order.id),
          lines.map((l) => l.farm?.product_id),
          lines.map((l) => l.farm?.name),
          lines.map((l) => l.farm?.price_cents),
          lines.map((l) => l.quantity),
        ],
      );
      await pool.query(
        `insert into market_checkins (market_id, market_date, producer_user_id, arrived_at, checked_by)
         select $1, $2::date, u, now(), $3 from unnest($4::int[]) u`,
        [marketId, day, manager.id, farms.slice(0, FARMS / 2).map((f) => f.user_id)],
      );

      const farm = farms[0];
      const farmToken = await signAccessToken(
        { id: farm.user_id, email: farm.email, userType: 'producer', tokenVersion: farm.token_version },
        secret,
      );
      const get = async (path: string, token: string) => {
        const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
        const body = await res.text();
        if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
        return body;
      };
      const time = async (call: () => Promise<unknown>) => {
        await call(); // warm
        const timings: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const started = performance.now();
          await call();
          timings.push(performance.now() - started);
        }
        return timings.sort((a, b) => a - b);
      };
      const helloMs = await time(() => fetch(hello.url).then((r) => r.text()));
      const dayJson = await get(`/api/markets/${marketId}/pickup-day?date=${day}`, manager.token);
      const parsed = JSON.parse(dayJson) as { farms: unknown[]; shoppers: unknown[] };
      const measured = [
        {
          what: `pickup day JSON (${parsed.farms.length} farms, ${parsed.shoppers.length} market orders, ${lines.length} lines)`,
          target: LIST_MS,
          timings: await time(() => get(`/api/markets/${marketId}/pickup-day?date=${day}`, manager.token)),
        },
        {
          what: 'check-in CSV',
          target: CSV_MS,
          timings: await time(() => get(`/api/markets/${marketId}/pickup-day/checkin.csv?date=${day}`, manager.token)),
        },
        {
          what: 'checkout CSV',
          target: CSV_MS,
          timings: await time(() => get(`/api/markets/${marketId}/pickup-day/checkout.csv?date=${day}`, manager.token)),
        },
        {
          what: 'a farm’s pick list of the day',
          target: LIST_MS,
          timings: await time(() => get(`/api/orders/pick-list?date=${day}`, farmToken)),
        },
      ];

      // Placing a 10-farm market order for the coming market day, a new basket (clientKey) each time.
      const offer = JSON.parse(await get(`/api/markets/${marketId}/offer`, shopper.token)) as {
        date: string;
        open: boolean;
        notice: string | null;
        vendors: { products: { id: number; stockQuantity: number | null }[] }[];
      };
      // Untracked stock only: the runs place 21 baskets and the bench's stock stays as it was.
      const items = offer.vendors
        .flatMap((v) => v.products.filter((p) => p.stockQuantity === null).slice(0, 1))
        .slice(0, 10)
        .map((p) => ({ productId: p.id, quantity: 1 }));
      let placeNote: string | null = null;
      if (!offer.open || items.length < 10)
        placeNote = `placing not measured: ${offer.notice ?? `the offer has ${items.length} vendors with products`}`;
      else {
        // A new shopper each time: a shopper holds at most 3 open orders at a farm (decision 323).
        let next = 0;
        const place = async () => {
          const placer = placers[next++ % placers.length];
          const res = await fetch(`${server.url}/api/markets/${marketId}/basket`, {
            method: 'POST',
            headers: { authorization: `Bearer ${placer.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ clientKey: randomUUID(), date: offer.date, items, shopperName: 'Bench Shopper' }),
          });
          if (res.status !== 201 && res.status !== 200) throw new Error(`basket: ${res.status} ${await res.text()}`);
          await res.text();
        };
        try {
          measured.push({ what: 'placing a 10-farm market order', target: LIST_MS, timings: await time(place) });
        } catch (error) {
          placeNote = `placing not measured: ${(error as Error).message.slice(0, 200)}`;
        }
      }

      const table = addTable(
        `Market day (issue 49): ${FARMS} farms × ${MARKET_ORDERS} market orders × ${PARTS_PER_ORDER * LINES_PER_PART} lines, PostgreSQL, ${RUNS} runs each`,
        ['what', 'p50', 'p95', 'max', 'target', 'verdict'],
      );
      table.rows.push({
        what: 'bare Fastify hello-world (ceiling)',
        p50: ms(percentile(helloMs, 50)),
        p95: ms(percentile(helloMs, 95)),
        max: ms(helloMs[helloMs.length - 1]),
        target: '—',
        verdict: '',
      });
      for (const m of measured)
        table.rows.push({
          what: m.what,
          p50: ms(percentile(m.timings, 50)),
          p95: ms(percentile(m.timings, 95)),
          max: ms(m.timings[m.timings.length - 1]),
          target: `< ${m.target / 1000} s`,
          verdict: verdict(m.timings[m.timings.length - 1] < m.target),
        });
      if (placeNote) table.notes.push(placeNote);
      table.notes.push(
        'Each figure is the whole HTTP request from this process (one at a time), as the office or the farm opens it.',
      );
    } finally {
      if (marketId !== null) {
        await pool.query('delete from orders where market_order_id in (select id from market_orders where market_id = $1)', [
          marketId,
        ]);
        await pool.query('delete from markets where id = $1', [marketId]);
      }
      await pool.query("delete from pickup_points where name = 'Bench Market Day'");
      await deleteBenchUsers(pool, FAMILY);
      await hello.stop();
      await server.stop();
    }
  },
});
