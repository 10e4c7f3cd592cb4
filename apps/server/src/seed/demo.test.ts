import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AVAILABILITIES, MAX_ACTIVE_PRODUCTS, PRODUCT_CATEGORIES, STATES, type StateCode } from '@farmstand/shared';
import { undeclaredAllergens } from '@farmstand/shared/labels/allergens';
import { meatListingViolation } from '@farmstand/shared/labels/meat-rules';
import { labelIngredients } from '@farmstand/shared/labels/rules';
import { type SellerType, sellerTypeViolation } from '@farmstand/shared/labels/seller-types';
import { defaultTaxClass } from '@farmstand/shared/tax/questions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { findUserWithSubscription } from '../modules/auth/auth.repository';
import { listReceived } from '../modules/standing/standing.service';
import { runStandingOrders } from '../modules/standing/standing.sweep';
import { buildTestApp, type TestApp } from '../test/test-app';
import { DEMO_ACCOUNTS, type DemoSeedCounts, seedDemoDataIfEmpty } from './demo';
import { DEMO_FARM_NAME } from './farms';
import { MEAT_FARM_EMAIL, MEAT_FARM_NAME } from './meat-farm';

let app: TestApp;
let dataDir: string;
let counts: DemoSeedCounts | null;

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await app.ctx.db.execute<T>(query)).rows;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'farmstand-seed-'));
  app = await buildTestApp({ dataDir });
  counts = await seedDemoDataIfEmpty(app.ctx);
  // Drawing and encoding every demo picture takes a few seconds, far longer on a busy CI machine.
}, 300_000);

afterAll(async () => {
  await app.closeAll();
  await rm(dataDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('makes the demo market with its manager and volunteer, the demo farm approved at its place, another farm applied, and past books', async () => {
    const page = (await app.inject({ method: 'GET', url: '/api/markets/lexington-farmers-market' })).json();
    expect(page).toMatchObject({
      name: 'Lexington Farmers Market',
      timeZone: 'America/New_York',
      daysText: ['Saturdays 7 AM–12 PM'],
    });
    expect(page.vendors.map((v: { farmName: string }) => v.farmName)).toHaveLength(3);
    const staff = await rows<{ email: string; role: string }>(sql`
      select u.email, s.role from market_staff s join users u on u.id = s.user_id order by s.role`);
    expect(staff).toEqual([
      { email: 'market@farmstand.test', role: 'manager' },
      { email: 'booth@farmstand.test', role: 'volunteer' },
    ]);
    const vendors = await rows<{ email: string; status: string; point_id: number | null }>(sql`
      select u.email, v.status, v.point_id from market_vendors v join users u on u.id = v.producer_user_id order by v.status`);
    expect(vendors).toHaveLength(4);
    expect(vendors).toContainEqual({ email: expect.any(String), status: 'applied', point_id: null });
    expect(vendors).toContainEqual({ email: DEMO_ACCOUNTS[1].email, status: 'approved', point_id: expect.any(Number) });
    expect(vendors.filter((v) => v.status === 'approved' && v.point_id !== null)).toHaveLength(3);
    // The market basket (decision 584): whenever the demo starts, a coming Saturday takes orders from its three farms.
    const offer = (await app.inject({ method: 'GET', url: `/api/markets/${page.id}/offer` })).json();
    expect(offer.open).toBe(true);
    expect(offer.vendors).toHaveLength(3);
    for (const vendor of offer.vendors) expect(vendor.products.length).toBeGreaterThan(0);
    const [books] = await rows<{ entries: number; days: number; redemptions: number }>(sql`
      select (select count(*)::int from booth_entries) as entries, (select count(*)::int from vendor_days) as days,
        (select count(*)::int from vendor_redemptions) as redemptions`);
    expect(books).toEqual({ entries: 9, days: 3, redemptions: 9 });
  });

  it('fills the label fields where the catalogue says them: jars carry their ounces and an ingredient list', async () => {
    const [jar] = await rows<{ net_quantity: string; net_unit: string; ingredient_list: string[] }>(sql`
      select net_quantity, net_unit, ingredient_list from products where price_unit = '8 oz jar' and ingredients is not null limit 1`);
    expect(Number(jar.net_quantity)).toBe(8);
    expect(jar.net_unit).toBe('oz');
    expect(jar.ingredient_list.length).toBeGreaterThan(0);
  });

  it('makes a catalogue of at least 40 producers and 200 products and reports its counts', async () => {
    expect(counts).not.toBeNull();
    const [row] = await rows<{ producers: number; products: number; reviews: number }>(sql`
      select (select count(*)::int from producers) as producers,
             (select count(*)::int from products) as products,
             (select count(*)::int from reviews) as reviews`);
    expect(row.producers).toBeGreaterThanOrEqual(40);
    expect(row.products).toBeGreaterThanOrEqual(200);
    expect(counts).toMatchObject({ producers: row.producers, products: row.products, reviews: row.reviews });
  });

  it('covers every category and availability, and all five states with Kentucky the majority', async () => {
    const categories = await rows<{ category: string }>(sql`select distinct category from products`);
    expect(categories.map((r) => r.category).sort()).toEqual([...PRODUCT_CATEGORIES].sort());
    const availabilities = await rows<{ availability: string }>(sql`select distinct availability from products`);
    expect(availabilities.map((r) => r.availability).sort()).toEqual([...AVAILABILITIES].sort());
    const states = await rows<{ state: string; n: number }>(sql`select state, count(*)::int as n from producers group by state`);
    expect(states.map((r) => r.state).sort()).toEqual([...STATES].sort());
    const total = states.reduce((sum, r) => sum + r.n, 0);
    expect(states.find((r) => r.state === 'KY')?.n).toBeGreaterThan(total / 2);
  });

  it('places every farm at its ZIP code’s real coordinates, with a picture and a verified producer account', async () => {
    const farms = await rows<{
      zip: string;
      city: string;
      state: string;
      latitude: number;
      longitude: number;
      profile_image_url: string;
      email_verified: boolean;
      status: string;
      user_type: string;
    }>(sql`select p.zip, p.city, p.state, p.latitude, p.longitude, p.profile_image_url, u.email_verified, u.user_type, s.status
           from producers p join users u on u.id = p.user_id join subscriptions s on s.user_id = u.id`);
    for (const farm of farms) {
      const place = zipcodes.lookup(farm.zip);
      expect(place).toMatchObject({ city: farm.city, state: farm.state, latitude: farm.latitude, longitude: farm.longitude });
      expect(farm).toMatchObject({ email_verified: true, user_type: 'producer' });
      expect(['trialing', 'active']).toContain(farm.status);
      expect(fileOf(farm.profile_image_url)).toSatisfy(existsSync);
    }
    const statuses = await rows<{ verification_status: string }>(sql`select distinct verification_status from producers`);
    expect(statuses.map((r) => r.verification_status)).toEqual(expect.arrayContaining(['approved', 'pending']));
  });

  it('gives every product a stored picture, a price and a unit, and windows to seasonal ones', async () => {
    const products = await rows<{
      primary_image_url: string | null;
      price_cents: number | null;
      price_unit: string | null;
      availability: string;
      seasonal_start: string | null;
      seasonal_end: string | null;
      stock_quantity: number | null;
    }>(
      sql`select primary_image_url, price_cents, price_unit, availability, seasonal_start, seasonal_end, stock_quantity from products`,
    );
    for (const product of products) {
      expect(product.primary_image_url).toMatch(/^\/uploads\/demo\/products\/.+-800\.webp$/);
      // Every width of the srcset exists, like an upload's.
      for (const width of [400, 800, 1600]) {
        expect(fileOf((product.primary_image_url as string).replace(/-800\.webp$/, `-${width}.webp`))).toSatisfy(existsSync);
      }
      expect(product.price_cents).toBeGreaterThan(0);
      expect(product.price_unit).toBeTruthy();
      if (product.availability === 'seasonal') {
        expect(product.seasonal_start).toBeTruthy();
        expect(String(product.seasonal_end) >= String(product.seasonal_start)).toBe(true);
      }
    }
    expect(products.some((p) => p.stock_quantity === null)).toBe(true);
    expect(products.some((p) => p.stock_quantity !== null)).toBe(true);
  });

  it('keeps to the product limit and the regulated-category rules', async () => {
    const [busiest] = await rows<{ n: number }>(
      sql`select count(*)::int as n from products where active group by producer_id order by n desc limit 1`,
    );
    expect(busiest.n).toBeLessThanOrEqual(MAX_ACTIVE_PRODUCTS);
    const regulated = await rows<{
      category: string;
      state: string;
      price_unit: string;
      description: string;
      ingredients: string;
    }>(
      sql`select pr.category, p.state, pr.price_unit, pr.description, pr.ingredients
          from products pr join producers p on p.id = pr.producer_id where pr.category in ('herdshare', 'pet_food')`,
    );
    for (const product of regulated.filter((p) => p.category === 'herdshare')) {
      expect(product.state).toBe('KY');
      expect(`${product.price_unit} ${product.description}`).not.toMatch(/gallon/i);
      expect(product.price_unit).toMatch(/boarding|care|share/i);
    }
    for (const product of regulated.filter((p) => p.category === 'pet_food')) {
      expect(product.state).toBe('TN');
      expect(product.description).toMatch(/pet consumption only/i);
    }
  });

  it("declares every allergen its ingredients imply and sells no food its farm's seller type is barred from, Garden Salsa included", async () => {
    const listed = await rows<{
      name: string;
      category: string;
      description: string;
      ingredients: string | null;
      ingredient_list: string[];
      allergens: string[];
      allergens_confirmed_absent: string[];
      seller_type: SellerType;
      state: StateCode;
    }>(
      sql`select pr.name, pr.category, pr.description, pr.ingredients, pr.ingredient_list, pr.allergens,
                 pr.allergens_confirmed_absent, pr.seller_type, p.state
          from products pr join producers p on p.id = pr.producer_id`,
    );
    for (const product of listed) {
      expect(undeclaredAllergens({ ...product, ingredients: labelIngredients(product) }), product.name).toEqual([]);
      expect(sellerTypeViolation(product, product.state), `${product.name} (${product.state})`).toBeNull();
    }
    const salsas = listed.filter((product) => product.name === 'Garden Salsa');
    expect(salsas.length).toBeGreaterThan(0);
    for (const salsa of salsas) expect(salsa).toMatchObject({ state: 'KY', seller_type: 'home_microprocessor' });
  });

  it('gives the demo producer a farm with several products and the demo consumer favourites', async () => {
    const [farm] = await rows<{ farm_name: string; products: number }>(sql`
      select p.farm_name, (select count(*)::int from products where producer_id = p.id) as products
      from producers p join users u on u.id = p.user_id where u.email = 'producer@farmstand.test'`);
    expect(farm.farm_name).toBe(DEMO_FARM_NAME);
    expect(farm.products).toBeGreaterThanOrEqual(5);
    const [favourites] = await rows<{ n: number }>(sql`
      select count(*)::int as n from favorites f join users u on u.id = f.user_id where u.email = 'consumer@farmstand.test'`);
    expect(favourites.n).toBeGreaterThanOrEqual(3);
  });

  it('adds certifications (some pending, some expiring within 30 days) and reviews (some pending)', async () => {
    const [certs] = await rows<{ verified: number; pending: number; expiring: number }>(sql`
      select count(*) filter (where status = 'verified')::int as verified,
             count(*) filter (where status = 'pending')::int as pending,
             count(*) filter (where status = 'verified' and expiry_date between current_date and current_date + 30)::int as expiring
      from certifications`);
    expect(certs.verified).toBeGreaterThan(certs.pending);
    expect(certs.pending).toBeGreaterThan(0);
    expect(certs.expiring).toBeGreaterThan(0);
    const reviewStatuses = await rows<{ status: string }>(sql`select distinct status from reviews`);
    expect(reviewStatuses.map((r) => r.status).sort()).toEqual(['approved', 'pending']);
  });

  it('lets every demo account sign in', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(response.statusCode, account.email).toBe(200);
      expect(response.json().user.userType).toBe(account.role);
    }
  });

  it('gives the demo farm a summer and a winter market, each with its season and a closed date no pickup time falls on', async () => {
    const markets = await rows<{ id: number; name: string; season_from: string; season_to: string; closed_dates: string[] }>(sql`
      select pp.id, pp.name, pp.season_from, pp.season_to, pp.closed_dates from pickup_points pp
      join users u on u.id = pp.producer_user_id
      where u.email = ${DEMO_ACCOUNTS[1].email} and pp.kind = 'market' and pp.season_from is not null order by pp.id`);
    expect(markets.map((m) => [m.name, m.season_from, m.season_to, m.closed_dates.length])).toEqual([
      [expect.stringMatching(/Farmers Market$/), '04-01', '10-31', 1],
      [expect.stringMatching(/Winter Market$/), '11-01', '03-31', 1],
    ]);
    const [farm] = await rows<{ id: number }>(sql`select id from users where email = ${DEMO_ACCOUNTS[1].email}`);
    const windows = (await app.inject({ method: 'GET', url: `/api/pickup/producers/${farm.id}` })).json().windows as {
      point_id: number;
      date: string;
    }[];
    // Whichever market is in season offers its times (both, in the days the seasons meet), never on its closed date.
    const offered = markets.filter((m) => windows.some((w) => w.point_id === m.id));
    expect(offered.length).toBeGreaterThan(0);
    for (const market of offered)
      expect(windows.filter((w) => w.point_id === market.id).map((w) => w.date)).not.toContain(market.closed_dates[0]);
  });

  it('gives every farm a pickup place with a weekly schedule, so the demo consumer can reserve', async () => {
    const [{ without }] = await rows<{ without: number }>(sql`
      select count(*)::int as without from producers pr where not exists (
        select 1 from pickup_points pp join pickup_schedules s on s.point_id = pp.id where pp.producer_user_id = pr.user_id)`);
    expect(without).toBe(0);
    expect(counts?.pickupPoints).toBeGreaterThan(counts?.producers ?? 0);
    const login = async (email: string) =>
      (
        await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_ACCOUNTS[0].password } })
      ).json().token as string;
    const [demoFarm] = await rows<{ user_id: number; product_id: number }>(sql`
      select u.id as user_id, min(p.id) as product_id from users u join producers pr on pr.user_id = u.id
      join products p on p.producer_id = pr.id and p.active and p.moderation_status = 'approved' and p.price_cents is not null
        and p.availability = 'available' and p.category <> 'herdshare' and p.seasonal_start is null
      where u.email = ${DEMO_ACCOUNTS[1].email} group by u.id`);
    const pickup = await app.inject({ method: 'GET', url: `/api/pickup/producers/${demoFarm.user_id}` });
    const window = (pickup.json().windows as { point_id: number; starts_at: string; kind: string; full: boolean }[]).find(
      (w) => w.kind !== 'delivery' && !w.full,
    );
    expect(window).toBeDefined();
    const token = await login(DEMO_ACCOUNTS[0].email);
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        producerUserId: demoFarm.user_id,
        items: [{ productId: demoFarm.product_id, quantity: 1 }],
        pointId: window?.point_id,
        startsAt: window?.starts_at,
        shopperName: 'Demo Shopper',
      },
    });
    expect(order.statusCode, order.body).toBe(201);
  });

  it('adds a Kentucky meat farm selling beef cuts and whole chickens by weight, with a pickup place and weekly windows', async () => {
    const [farm] = await rows<{ id: number; user_id: number; farm_name: string; state: string; verification_status: string }>(sql`
      select p.id, p.user_id, p.farm_name, p.state, p.verification_status
      from producers p join users u on u.id = p.user_id where u.email = ${MEAT_FARM_EMAIL}`);
    expect(farm).toMatchObject({ farm_name: MEAT_FARM_NAME, state: 'KY', verification_status: 'approved' });
    const listed = await rows<{
      id: number;
      name: string;
      category: string;
      price_cents: number;
      price_unit: string;
      weight_unit: string | null;
      pack_min: string | null;
      pack_max: string | null;
      price_from: boolean;
      variant_names: string | null;
      inspection: string | null;
      establishment_number: string | null;
    }>(sql`select id, name, category, price_cents, price_unit, weight_unit, pack_min, pack_max, price_from, variant_names,
                  inspection, establishment_number from products where producer_id = ${farm.id} order by id`);
    const beef = listed.find((p) => p.name === 'Grass-fed beef');
    // The product row shows the cheapest cut, "from", like the product write keeps it.
    expect(beef).toMatchObject({
      category: 'meat',
      price_unit: 'lb',
      weight_unit: 'lb',
      price_from: true,
      variant_names: 'Ribeye, NY strip, Ground beef, Chuck roast',
      inspection: 'usda',
      establishment_number: 'EST. 45678',
    });
    expect([beef?.price_cents, Number(beef?.pack_min), Number(beef?.pack_max)]).toEqual([849, 1, 1]);
    const cuts = await rows<{ name: string; price_cents: number; weight_unit: string; pack_min: string; pack_max: string }>(sql`
      select name, price_cents, weight_unit, pack_min, pack_max from product_variants
      where product_id = ${beef?.id} and active order by position`);
    expect(cuts.map((c) => [c.name, c.price_cents, c.weight_unit, Number(c.pack_min), Number(c.pack_max)])).toEqual([
      ['Ribeye', 1899, 'lb', 1, 1.4],
      ['NY strip', 1699, 'lb', 0.8, 1.2],
      ['Ground beef', 849, 'lb', 1, 1],
      ['Chuck roast', 949, 'lb', 2.5, 3.5],
    ]);
    const chicken = listed.find((p) => p.name === 'Pasture-raised whole chicken');
    expect(chicken).toMatchObject({ category: 'poultry', weight_unit: 'lb', price_from: false, inspection: 'usda' });
    expect([chicken?.price_cents, Number(chicken?.pack_min), Number(chicken?.pack_max)]).toEqual([549, 3.5, 5]);
    // A quarter-beef share (decision 512): 2 steers in quarters, custom exempt, priced per lb hanging weight.
    const share = listed.find((p) => p.name === 'Quarter beef share');
    expect(share).toMatchObject({ category: 'meat', price_unit: 'lb hanging weight', inspection: 'custom_exempt' });
    const page = await app.inject({ method: 'GET', url: `/api/products/${share?.id}` });
    expect(page.json().product.share).toMatchObject({
      animal: 'beef',
      parts: 4,
      shares_total: 8,
      shares_left: 8,
      estimate: 1162.5,
    });
    const [{ windows }] = await rows<{ windows: number }>(sql`
      select count(*)::int as windows from pickup_points pp join pickup_schedules s on s.point_id = pp.id
      where pp.producer_user_id = ${farm.user_id} and pp.kind = 'farm'`);
    expect(windows).toBeGreaterThan(0);
  });

  it('says how every meat and poultry product was inspected, USDA with an establishment number or a custom-exempt share, never state-inspected in Kentucky', async () => {
    const meat = await rows<{
      name: string;
      category: string;
      inspection: 'usda' | 'custom_exempt' | null;
      establishment_number: string | null;
      share: unknown;
    }>(sql`
      select name, category, inspection, establishment_number, share from products where category in ('meat', 'poultry')`);
    expect(meat.length).toBeGreaterThan(5);
    for (const product of meat) expect(meatListingViolation(product), product.name).toBeNull();
    const [{ kentucky }] = await rows<{ kentucky: number }>(sql`
      select count(*)::int as kentucky from certifications c join producers p on p.id = c.producer_id
      where p.state = 'KY' and c.certification_type = 'state_inspected_meat'`);
    expect(kentucky).toBe(0);
  });

  it('gives each demo product its sales-tax class: crafts and pet food not food, syrups and lard food', async () => {
    const classes = await rows<{ name: string; category: string; tax_class: string }>(
      sql`select name, category, tax_class from products`,
    );
    for (const p of classes) {
      const own = /Syrup|Lard/.test(p.name) ? 'food' : defaultTaxClass(p.category);
      expect(p.tax_class, p.name).toBe(own);
    }
    const of = (name: RegExp) => classes.find((p) => name.test(p.name))?.tax_class;
    expect([of(/Beeswax Candles/), of(/Sorghum Syrup/), of(/for Pets/), of(/Eggs/)]).toEqual([
      'non_food',
      'food',
      'non_food',
      'food',
    ]);
  });

  it('does not seed a database that already has accounts', async () => {
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from products`);
    expect(await seedDemoDataIfEmpty(app.ctx)).toBeNull();
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from products`)).toEqual(before);
  });

  it('gives the demo farm a weekly standing reservation and a CSA plan whose orders the sweep places', async () => {
    const [farm] = await rows<{ id: number }>(sql`select u.id from users u where u.email = 'producer@farmstand.test'`);
    const producer = await findUserWithSubscription(app.ctx.db, farm.id);
    const received = await listReceived(app.ctx, producer as NonNullable<typeof producer>);
    expect(received.standing.map((s) => (s.plan ? `${s.plan.name} (${s.plan.size})` : s.cadence))).toEqual([
      'Every week',
      'Weekly Vegetable Share (Small)',
      'Weekly Vegetable Share (Large)',
    ]);
    const first = received.standing[0].upcoming[0];
    const clock = app.ctx.clock;
    app.ctx.clock = { now: () => new Date(first.places_at) };
    try {
      const result = await runStandingOrders(app.ctx, new Date(first.places_at));
      expect(result).toMatchObject({ placed: 3, missed: 0 });
    } finally {
      app.ctx.clock = clock;
    }
  });
  it('lets the demo farm take SNAP, WIC coupons and Kentucky Double Dollars, as shoppers see it', async () => {
    const [farm] = await rows<{ id: number }>(sql`select u.id from users u where u.email = 'producer@farmstand.test'`);
    const answer = await app.inject({ method: 'GET', url: `/api/benefits/producers/${farm.id}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      state: 'KY',
      takes: ['snap', 'wic_fmnp', 'incentive'],
      incentive_name: 'Kentucky Double Dollars',
    });
  });
});

function fileOf(url: string): string {
  return path.join(dataDir, url.replace(/^\/uploads\//, 'uploads/'));
}
