import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../jobs/clock';
import { MARKET_DENIED, type MarketNeed } from '../modules/markets';
import { deniedMessage } from '../plugins/route-access';
import { bearer, buildUser, type TestUser } from './factories';
import { buildMarket, buildMarketStaff, setVendorStatus } from './market-factories';
import { buildProducer } from './producer-factories';
import { buildTestApp, type TestApp } from './test-app';

/**
 * Every route under /api/markets/:id (from `app.declaredRoutes`) × the market's roles (issue 48,
 * decision 581): who gets past both the route's access and `marketAccess`, and who is refused with
 * which message. The table below names what each route needs; a route missing from it fails the
 * test, so every new market route says who may call it. A route in the table that is not declared
 * (yet: the market office's routes land separately) is skipped, never passed silently: the test
 * lists what it skipped.
 *
 * 'manager' / 'staff' / 'vendor' are `marketAccess`'s needs; 'admin' is an admin-only route (granting
 * managers); 'farm' is a farm's own request (apply, accept, link its place): any producer account;
 * 'public' anyone, signed in or not (the market basket's offer); 'shopper' any signed-in shopper
 * account (placing a market basket: every caller here is a consumer, producer or admin account).
 */
type Need = MarketNeed | 'admin' | 'farm' | 'public' | 'shopper';

const NEEDS: Record<string, Need> = {
  // markets-core (modules/markets)
  'POST /api/markets/:id/managers': 'admin',
  'DELETE /api/markets/:id/managers/:userId': 'admin',
  'GET /api/markets/:id/settings': 'manager',
  'PUT /api/markets/:id/settings': 'manager',
  'GET /api/markets/:id/staff': 'manager',
  'POST /api/markets/:id/volunteers': 'manager',
  'DELETE /api/markets/:id/volunteers/:userId': 'manager',
  'GET /api/markets/:id/vendors': 'manager',
  'POST /api/markets/:id/vendors/invite': 'manager',
  'POST /api/markets/:id/vendors/:producerId/decision': 'manager',
  'POST /api/markets/:id/apply': 'farm',
  'POST /api/markets/:id/accept': 'farm',
  'PUT /api/markets/:id/place': 'farm',
  // market-books (modules/market-office): the booth is staff's, a vendor's own report and statement the vendor's.
  'GET /api/markets/:id/booth': 'staff',
  'POST /api/markets/:id/booth/sync': 'staff',
  'GET /api/markets/:id/booth/day': 'staff',
  'GET /api/markets/:id/report/:date': 'vendor',
  'PUT /api/markets/:id/report/:date': 'vendor',
  'GET /api/markets/:id/statement': 'vendor',
  'GET /api/markets/:id/statement.csv': 'vendor',
  'GET /api/markets/:id/vendors/:producerId/report/:date': 'manager',
  'PUT /api/markets/:id/vendors/:producerId/report/:date': 'manager',
  'PUT /api/markets/:id/vendors/:producerId/count/:date': 'manager',
  'GET /api/markets/:id/reconciliation': 'manager',
  'GET /api/markets/:id/reconciliation.csv': 'manager',
  'GET /api/markets/:id/statements': 'manager',
  'GET /api/markets/:id/statements.csv': 'manager',
  'GET /api/markets/:id/programme-report': 'manager',
  'GET /api/markets/:id/programme-report.csv': 'manager',
  'GET /api/markets/:id/programme-report.pdf': 'manager',
  // market basket (modules/market-basket, decision 584): the offer is public, a basket any shopper's.
  'GET /api/markets/:id/offer': 'public',
  'POST /api/markets/:id/basket': 'shopper',
  // market-pickup (issue 49): the pickup day is the staff's (managers and booth volunteers).
  'GET /api/markets/:id/pickup-day': 'staff',
  'GET /api/markets/:id/pickup-day/checkin.csv': 'staff',
  'GET /api/markets/:id/pickup-day/checkout.csv': 'staff',
  'POST /api/markets/:id/pickup-day/checkins': 'staff',
};

type Caller = 'guest' | 'shopper' | 'manager' | 'other manager' | 'volunteer' | 'vendor' | 'producer' | 'admin';
const CALLERS: Caller[] = ['guest', 'shopper', 'manager', 'other manager', 'volunteer', 'vendor', 'producer', 'admin'];

/** Who passes each need (the guest never does: every route here is for a signed-in account). */
const PASSES: Record<Need, Caller[]> = {
  admin: ['admin'],
  manager: ['manager', 'admin'],
  staff: ['manager', 'volunteer', 'admin'],
  vendor: ['vendor', 'manager', 'admin'],
  farm: ['vendor', 'producer'],
  public: CALLERS,
  shopper: CALLERS.filter((caller) => caller !== 'guest'),
};

let app: TestApp;
let marketId: number;
const users = {} as Record<Exclude<Caller, 'guest'>, TestUser>;

beforeAll(async () => {
  app = await buildTestApp();
  // A market day in the season (Saturday, July 3, 2027), seen from that morning in Kentucky.
  app.ctx.clock = new ManualClock(new Date('2027-07-03T14:00:00Z'));
  const market = await buildMarket(app);
  const other = await buildMarket(app, { name: 'Frankfort Farmers Market' });
  marketId = market.id;
  users.shopper = await buildUser(app);
  users.manager = await buildMarketStaff(app, market.id, 'manager');
  users['other manager'] = await buildMarketStaff(app, other.id, 'manager');
  users.volunteer = await buildMarketStaff(app, market.id, 'volunteer');
  users.vendor = await buildProducer(app);
  users.producer = await buildProducer(app);
  users.admin = await buildUser(app, { userType: 'admin' });
  await setVendorStatus(app, market.id, users.vendor.id, 'approved');
});
afterAll(() => app.closeAll());

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** The path with this market's id; other ids name nobody (no write lands on the callers' own rows). */
const fill = (url: string) =>
  url
    .replace(':id', String(marketId))
    .replace(':userId', '999999')
    .replace(':producerId', '999999')
    .replace(':date', '2027-07-03');

describe('market role × route matrix', () => {
  const marketRoutes = () => app.declaredRoutes.filter((route) => route.url.startsWith('/api/markets/:id'));

  it('names what every market route needs', () => {
    const missing = marketRoutes()
      .map(routeKey)
      .filter((key) => !(key in NEEDS));
    expect(missing).toEqual([]);
    expect(marketRoutes().length).toBeGreaterThanOrEqual(13);
  });

  it('answers each market role as its route needs', async () => {
    const declared = new Map(marketRoutes().map((route) => [routeKey(route), route]));
    const skipped = Object.keys(NEEDS).filter((key) => !declared.has(key));
    if (skipped.length) console.info(`market routes not declared yet, skipped: ${skipped.join(', ')}`);
    const failures: string[] = [];
    for (const [key, route] of declared) {
      const need = NEEDS[key];
      if (!need) continue; // reported by the test above
      for (const caller of CALLERS) {
        const user = caller === 'guest' ? null : users[caller];
        const response = await app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers: user ? bearer(user) : {},
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const label = `${key} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)}`;
        if (response.statusCode >= 500) {
          failures.push(`${label} (5xx)`);
        } else if (caller === 'guest' && need !== 'public') {
          if (response.statusCode !== 401) failures.push(`${label} (expected 401)`);
        } else if (PASSES[need].includes(caller)) {
          if (response.statusCode === 401 || response.statusCode === 403) failures.push(`${label} (expected to get in)`);
        } else {
          const messages = [
            need === 'admin' || need === 'farm' || need === 'public' || need === 'shopper' ? null : MARKET_DENIED[need],
            route.access && route.access !== 'public'
              ? deniedMessage(route.access, user?.userType ?? 'consumer', route.accessMessages)
              : null,
          ];
          if (response.statusCode !== 403 || !messages.includes(response.json().message)) {
            failures.push(`${label} (expected 403 "${messages.filter(Boolean).join('" or "')}")`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
