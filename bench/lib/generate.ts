import { PLAN_PRICES, STATES, type StateCode } from '@farmstand/shared';
import type pg from 'pg';
import zipcodes from 'zipcodes';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { FARM_KIND_CATEGORIES } from '../../apps/server/src/seed/catalog';
import { buildProduct, chooseProductTemplates, FAMILY_NAMES, randomFarmName } from '../../apps/server/src/seed/farms';
import { createRandom, type Random } from '../../apps/server/src/seed/random';
import type { FarmKind } from '../../apps/server/src/seed/towns';
import { type BenefitCounts, ensureBenefitRows } from './benefit-rows';
import type { BenchScale } from './config';

/** Kentucky holds the largest share, as in the product; the neighbours split the rest. */
const STATE_WEIGHTS: Record<StateCode, number> = { KY: 0.4, IN: 0.15, OH: 0.15, TN: 0.15, WV: 0.15 };
const BATCH = 10_000;
const DAY_MS = 86_400_000;

export type GenerateResult = {
  skipped: boolean;
  producers: number;
  products: number;
  seconds: number;
  /** What the farms take (search's benefits filter); rows added this run (data kept from before they existed). */
  benefits: BenefitCounts;
  benefitRowsAdded: number;
};

/**
 * Fills the bench database at the scale of issue 4 with unnest() bulk inserts (one parameter per
 * column per batch). The products' secondary indexes are dropped during the load and rebuilt after,
 * which is several times faster than maintaining the GIN indexes row by row. Skips when the data is there
 * (then only adds the farms' benefits rows if that data predates them: benefit-rows.ts).
 */
export async function generateBenchData(pool: pg.Pool, scale: BenchScale): Promise<GenerateResult> {
  const started = Date.now();
  const existing = await counts(pool);
  const wanted = { producers: scale.producers, products: scale.producers * scale.productsPerProducer };
  if (existing.producers >= wanted.producers && existing.products >= wanted.products) {
    const benefits = await ensureBenefitRows(pool);
    return {
      skipped: true,
      ...existing,
      seconds: (Date.now() - started) / 1000,
      benefits: benefits.counts,
      benefitRowsAdded: benefits.added,
    };
  }
  if (existing.producers > 0) {
    throw new Error('the bench database holds partial data; run `npm run bench -- --regenerate`');
  }
  const random = createRandom(4_242);
  const now = new Date();
  const passwordHash = await hashPassword('farmstand123');
  const zipsByState = Object.fromEntries(STATES.map((s) => [s, zipcodes.lookupByState(s)])) as Record<
    StateCode,
    ReturnType<typeof zipcodes.lookupByState>
  >;
  const kinds = Object.keys(FARM_KIND_CATEGORIES) as FarmKind[];

  const client = await pool.connect();
  try {
    await client.query('begin');
    // The search tables' row triggers (migration 0006) would run a million times: they are skipped
    // during the load and the search tables are rebuilt set-wise once at the end.
    await client.query('set local session_replication_role = replica');
    const productIndexes = await dropSecondaryIndexes(client, 'products');
    for (let start = 0; start < wanted.producers; start += BATCH) {
      const size = Math.min(BATCH, wanted.producers - start);
      const farms = Array.from({ length: size }, (_, i) => benchFarm(start + i, random, zipsByState, kinds, now));
      const userIds = await insertUsers(client, farms, passwordHash);
      await insertSubscriptions(client, farms, userIds);
      const producerIds = await insertProducers(client, farms, userIds);
      await insertProducts(client, farms, producerIds, random, now, scale.productsPerProducer);
      process.stdout.write(`\r  generated ${start + size} / ${wanted.producers} producers`);
    }
    process.stdout.write('\n  rebuilding product indexes…\n');
    for (const definition of productIndexes) await client.query(definition);
    process.stdout.write('  building the search tables…\n');
    await client.query('select search_rebuild()');
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  const benefits = await ensureBenefitRows(pool, now);
  await pool.query('vacuum analyze');
  return {
    skipped: false,
    ...(await counts(pool)),
    seconds: (Date.now() - started) / 1000,
    benefits: benefits.counts,
    benefitRowsAdded: benefits.added,
  };
}

async function counts(pool: pg.Pool): Promise<{ producers: number; products: number }> {
  const { rows } = await pool.query<{ producers: number; products: number }>(
    'select (select count(*)::int from producers) as producers, (select count(*)::int from products) as products',
  );
  return rows[0];
}

/** Drops every index of the table but its primary key and returns their definitions to recreate them. */
async function dropSecondaryIndexes(client: pg.PoolClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  for (const row of rows) await client.query(`drop index "${row.indexname}"`);
  return rows.map((r) => r.indexdef);
}

function weightedState(roll: number): StateCode {
  let cumulative = 0;
  for (const state of STATES) {
    cumulative += STATE_WEIGHTS[state];
    if (roll < cumulative) return state;
  }
  return 'KY';
}

type BenchFarm = {
  index: number;
  kind: FarmKind;
  farmName: string;
  city: string;
  state: StateCode;
  zip: string;
  latitude: number;
  longitude: number;
  subscription: 'active' | 'trialing' | 'canceled';
  userStatus: 'active' | 'suspended';
  verification: 'approved' | 'pending';
  createdAt: Date;
};

function benchFarm(
  index: number,
  random: Random,
  zipsByState: Record<StateCode, ReturnType<typeof zipcodes.lookupByState>>,
  kinds: FarmKind[],
  now: Date,
): BenchFarm {
  const state = weightedState(random.next());
  const place = random.pick(zipsByState[state]);
  const kind = random.pick(kinds);
  const standing = random.next();
  return {
    index,
    kind,
    farmName: randomFarmName(kind, random.pick(FAMILY_NAMES), random),
    city: place.city,
    state,
    zip: place.zip,
    // Farms sit around the town centre, not on it, so the map and the radius see a spread.
    latitude: place.latitude + (random.next() - 0.5) * 0.08,
    longitude: place.longitude + (random.next() - 0.5) * 0.08,
    // A few lapsed, cancelled or suspended producers, so the visibility filter has work to do.
    subscription: standing < 0.03 ? 'canceled' : standing < 0.25 ? 'trialing' : 'active',
    userStatus: random.chance(0.01) ? 'suspended' : 'active',
    verification: random.chance(0.85) ? 'approved' : 'pending',
    createdAt: new Date(now.getTime() - random.int(1, 700) * DAY_MS),
  };
}

async function insertUsers(client: pg.PoolClient, farms: BenchFarm[], passwordHash: string): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `insert into users (email, password_hash, user_type, email_verified, status, created_at)
     select e, $2, 'producer', true, s, c from unnest($1::text[], $3::text[], $4::timestamptz[]) with ordinality as t(e, s, c, n)
     order by n returning id`,
    [
      farms.map((f) => `bench-producer-${f.index}@example.com`),
      passwordHash,
      farms.map((f) => f.userStatus),
      farms.map((f) => f.createdAt),
    ],
  );
  return rows.map((r) => r.id);
}

async function insertSubscriptions(client: pg.PoolClient, farms: BenchFarm[], userIds: number[]): Promise<void> {
  const now = Date.now();
  await client.query(
    `insert into subscriptions (user_id, status, plan_type, trial_ends_at, current_period_end, cancel_at_period_end)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::boolean[])`,
    [
      userIds,
      farms.map((f) => (f.subscription === 'canceled' ? 'canceled' : f.subscription)),
      farms.map((f) => (f.subscription === 'trialing' ? null : f.index % 3 ? 'monthly' : 'annual')),
      farms.map((f) => (f.subscription === 'trialing' ? new Date(now + ((f.index % 29) + 1) * DAY_MS) : null)),
      farms.map((f) => (f.subscription === 'trialing' ? null : new Date(now + ((f.index % 30) + 1) * DAY_MS))),
      farms.map(() => false),
    ],
  );
  const paying = farms.map((f, i) => ({ f, id: userIds[i] })).filter(({ f }) => f.subscription === 'active');
  await client.query(
    `insert into payments (user_id, amount_cents, plan_type, provider_ref)
     select u, a, p, 'bench' from unnest($1::int[], $2::int[], $3::text[]) as t(u, a, p)`,
    [
      paying.map((p) => p.id),
      paying.map(({ f }) => (f.index % 3 ? PLAN_PRICES.monthly : PLAN_PRICES.annual) * 100),
      paying.map(({ f }) => (f.index % 3 ? 'monthly' : 'annual')),
    ],
  );
}

async function insertProducers(client: pg.PoolClient, farms: BenchFarm[], userIds: number[]): Promise<number[]> {
  const { rows } = await client.query<{ id: number }>(
    `insert into producers (user_id, farm_name, description, address, city, state, zip, latitude, longitude,
       delivery_available, delivery_radius, pickup_instructions, verification_status, created_at)
     select u, f, d, a, c, s, z, la, lo, dv, dr, 'Pickup at the farm stand, Saturdays 9am–1pm.', v, ca
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::float8[],
                 $10::boolean[], $11::int[], $12::text[], $13::timestamptz[]) with ordinality
       as t(u, f, d, a, c, s, z, la, lo, dv, dr, v, ca, n)
     order by n returning id`,
    [
      userIds,
      farms.map((f) => f.farmName),
      farms.map((f) => `${f.farmName} is a family farm near ${f.city}, ${f.state}.`),
      farms.map((f) => `${100 + (f.index % 9000)} County Road ${1 + (f.index % 400)}`),
      farms.map((f) => f.city),
      farms.map((f) => f.state),
      farms.map((f) => f.zip),
      farms.map((f) => f.latitude),
      farms.map((f) => f.longitude),
      farms.map((f) => f.index % 2 === 0),
      farms.map((f) => (f.index % 2 === 0 ? 25 : null)),
      farms.map((f) => f.verification),
      farms.map((f) => f.createdAt),
    ],
  );
  return rows.map((r) => r.id);
}

async function insertProducts(
  client: pg.PoolClient,
  farms: BenchFarm[],
  producerIds: number[],
  random: Random,
  now: Date,
  wanted: number,
) {
  const columns = {
    producer: [] as number[],
    name: [] as string[],
    category: [] as string[],
    description: [] as string[],
    priceCents: [] as number[],
    unit: [] as string[],
    availability: [] as string[],
    stock: [] as (number | null)[],
    start: [] as (string | null)[],
    end: [] as (string | null)[],
    ingredients: [] as (string | null)[],
    allergens: [] as string[],
    created: [] as Date[],
  };
  farms.forEach((farm, i) => {
    const chosen = chooseProductTemplates(farm, random, wanted);
    // A few kinds run short of distinct templates; a homestead's wider range tops them up.
    for (const extra of chooseProductTemplates({ kind: 'homestead', state: farm.state }, random, wanted)) {
      if (chosen.length >= wanted) break;
      if (!chosen.some((c) => c.template === extra.template)) chosen.push(extra);
    }
    for (const { category, template } of chosen) {
      const product = buildProduct(farm, category, template, random, now);
      columns.producer.push(producerIds[i]);
      columns.name.push(product.name);
      columns.category.push(product.category);
      columns.description.push(product.description);
      columns.priceCents.push(product.priceCents);
      columns.unit.push(product.priceUnit);
      columns.availability.push(product.availability);
      columns.stock.push(product.stockQuantity);
      columns.start.push(product.seasonalStart);
      columns.end.push(product.seasonalEnd);
      columns.ingredients.push(product.ingredients);
      columns.allergens.push(product.allergens.join('|'));
      columns.created.push(product.createdAt);
    }
  });
  await client.query(
    `insert into products (producer_id, name, category, description, price_cents, price_unit, availability, stock_quantity,
       seasonal_start, seasonal_end, ingredients, allergens, created_at, updated_at)
     select p, n, c, d, pr, u, a, s, ss::date, se::date, i, coalesce(string_to_array(nullif(al, ''), '|'), '{}'), ca, ca
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::int[],
                 $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[])
       as t(p, n, c, d, pr, u, a, s, ss, se, i, al, ca)`,
    Object.values(columns),
  );
}
