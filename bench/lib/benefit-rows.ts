import type pg from 'pg';
import { createRandom } from '../../apps/server/src/seed/random';

const DAY_MS = 86_400_000;

/** What the bench farms take (decision 516), as counted in `producer_benefits`. */
export type BenefitCounts = {
  rows: number;
  snapVerified: number;
  snapPendingOrRejected: number;
  couponsRunning: number;
  couponsEnded: number;
  kentuckyMarkets: number;
  kentuckyFarms: number;
};

type Farm = { userId: number; state: string; city: string };

/**
 * Gives the bench farms the benefits farms in the five states take (decision 516), so search's
 * `benefits` filter has work of a real shape: about 30 % SNAP retailers with a verified FNS number
 * (and a few numbers still pending or rejected, which search must not count), about 10 % authorised
 * for WIC or Senior FMNP coupons until a day still to come (and a few whose authorisation has ended),
 * and about 20 % of the Kentucky farms at a Kentucky Double Dollars market (the incentive counts
 * only with SNAP or a coupon taken beside it). Seeded, in producer order, so every machine gets the
 * same rows. Data generated before these rows existed gets them once, on the next run; the search
 * tables' row triggers are skipped as during generation (nothing is listening; the server loads the
 * rows when it starts).
 */
export async function ensureBenefitRows(pool: pg.Pool, now = new Date()): Promise<{ added: number; counts: BenefitCounts }> {
  const present = await pool.query<{ n: number }>('select count(*)::int as n from producer_benefits');
  let added = 0;
  if (present.rows[0].n === 0) {
    const { rows: farms } = await pool.query<Farm>('select user_id as "userId", state, city from producers order by id');
    added = await insertBenefitRows(pool, farms, now);
  }
  return { added, counts: await countBenefits(pool, now) };
}

async function insertBenefitRows(pool: pg.Pool, farms: Farm[], now: Date): Promise<number> {
  const random = createRandom(516);
  const year = now.getUTCFullYear();
  // Authorisations run for the season: to the end of October or December of next year, so data
  // kept between runs stays current; the ended ones closed last autumn.
  const running = [`${year + 1}-10-31`, `${year + 1}-12-31`];
  const ended = `${year - 1}-10-31`;
  const columns = {
    userId: [] as number[],
    fns: [] as (string | null)[],
    snapStatus: [] as string[],
    snapNote: [] as (string | null)[],
    reviewedAt: [] as (Date | null)[],
    wic: [] as boolean[],
    wicEnds: [] as (string | null)[],
    senior: [] as boolean[],
    seniorEnds: [] as (string | null)[],
    market: [] as (string | null)[],
  };
  farms.forEach((farm, i) => {
    const snapRoll = random.next();
    const couponRoll = random.next();
    const couponKind = random.next();
    const market = farm.state === 'KY' && random.chance(0.2) ? `${farm.city} Farmers Market` : null;
    const snapStatus = snapRoll < 0.3 ? 'verified' : snapRoll < 0.33 ? 'pending' : snapRoll < 0.34 ? 'rejected' : 'none';
    const coupons = couponRoll < 0.1 ? running[i % 2] : couponRoll < 0.12 ? ended : null;
    if (snapStatus === 'none' && coupons === null && market === null) return;
    columns.userId.push(farm.userId);
    // Seven digits, as on a SNAP authorisation letter; distinct per farm.
    columns.fns.push(snapStatus === 'none' ? null : String(1_000_000 + ((i * 7_919) % 9_000_000)));
    columns.snapStatus.push(snapStatus);
    columns.snapNote.push(snapStatus === 'rejected' ? 'The FNS number belongs to another store' : null);
    columns.reviewedAt.push(
      snapStatus === 'verified' || snapStatus === 'rejected' ? new Date(now.getTime() - random.int(1, 300) * DAY_MS) : null,
    );
    // Most coupon farms take both programmes; some only one.
    const wic = coupons !== null && couponKind < 0.8;
    const senior = coupons !== null && couponKind >= 0.3;
    columns.wic.push(wic);
    columns.wicEnds.push(wic ? coupons : null);
    columns.senior.push(senior);
    columns.seniorEnds.push(senior ? coupons : null);
    columns.market.push(market);
  });
  const client = await pool.connect();
  try {
    await client.query('begin');
    // The search trigger stamps each farm's search row, a scan per row at this scale: skipped, as in generate.ts.
    await client.query('set local session_replication_role = replica');
    await client.query(
      `insert into producer_benefits (producer_user_id, fns_number, snap_status, snap_note, snap_reviewed_at,
         wic_fmnp_accepted, wic_fmnp_expires_on, senior_fmnp_accepted, senior_fmnp_expires_on, incentive_market)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::timestamptz[],
                            $6::boolean[], $7::date[], $8::boolean[], $9::date[], $10::text[])`,
      Object.values(columns),
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  await pool.query('analyze producer_benefits');
  return columns.userId.length;
}

async function countBenefits(pool: pg.Pool, now: Date): Promise<BenefitCounts> {
  const today = now.toISOString().slice(0, 10);
  const { rows } = await pool.query<BenefitCounts>(
    `select count(b.producer_user_id)::int as rows,
       count(*) filter (where b.snap_status = 'verified' and b.fns_number is not null)::int as "snapVerified",
       count(*) filter (where b.snap_status in ('pending', 'rejected'))::int as "snapPendingOrRejected",
       count(*) filter (where (b.wic_fmnp_accepted and b.wic_fmnp_expires_on >= $1::date)
                           or (b.senior_fmnp_accepted and b.senior_fmnp_expires_on >= $1::date))::int as "couponsRunning",
       count(*) filter (where (b.wic_fmnp_accepted or b.senior_fmnp_accepted)
                           and not coalesce(b.wic_fmnp_accepted and b.wic_fmnp_expires_on >= $1::date, false)
                           and not coalesce(b.senior_fmnp_accepted and b.senior_fmnp_expires_on >= $1::date, false))::int as "couponsEnded",
       count(*) filter (where p.state = 'KY' and b.incentive_market is not null)::int as "kentuckyMarkets",
       count(*) filter (where p.state = 'KY')::int as "kentuckyFarms"
     from producers p left join producer_benefits b on b.producer_user_id = p.user_id`,
    [today],
  );
  return rows[0];
}

/** The counts as one line of the bench data table, with each share of the farms. */
export function describeBenefits(counts: BenefitCounts, producers: number): string {
  const share = (n: number, of: number) => `${n.toLocaleString('en-US')} (${of ? Math.round((n / of) * 100) : 0} %)`;
  return [
    `SNAP verified ${share(counts.snapVerified, producers)}`,
    `pending/rejected ${share(counts.snapPendingOrRejected, producers)}`,
    `WIC/Senior FMNP running ${share(counts.couponsRunning, producers)}, ended ${share(counts.couponsEnded, producers)}`,
    `Kentucky incentive markets ${share(counts.kentuckyMarkets, counts.kentuckyFarms)} of KY farms`,
  ].join(' · ');
}
