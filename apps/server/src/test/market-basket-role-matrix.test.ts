import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from './factories';
import { type BasketFarm, basketPayload, buildBasketFarm, buildBasketMarket, placeBasket } from './market-basket-helpers';
import { buildMarket } from './market-office-helpers';
import { useTestClock, WEDNESDAY_NOON } from './orders-helpers';
import { buildTestApp, type TestApp } from './test-app';

/**
 * Every route under /api/market-orders (from `app.declaredRoutes`) × who may call it (issue 49,
 * decision 584): a market order's shopper and the market's staff read every part; a farm with a part
 * reads only its own part(s), never the other farms' lines or totals; anyone else is told it does not
 * exist. A route missing from the table fails the test, so every new market order route says who
 * may call it; a route in the table not declared yet (the pickup day's checkout lands separately) is
 * skipped and listed.
 */
type Caller =
  | 'guest'
  | 'shopper'
  | 'other shopper'
  | 'farm A'
  | 'farm B'
  | 'other vendor'
  | 'manager'
  | 'volunteer'
  | 'other manager'
  | 'admin';
const CALLERS: Caller[] = [
  'guest',
  'shopper',
  'other shopper',
  'farm A',
  'farm B',
  'other vendor',
  'manager',
  'volunteer',
  'other manager',
  'admin',
];

/**
 * What each caller gets: 'all' every part, 'own' its own part only, 'in' past the access (the
 * route's own rules answer next), 'refused' a 403 or a 404 (told nothing), 'none' a 404, 'list' its own list.
 */
type Outcome = 'all' | 'own' | 'in' | 'refused' | 'none' | 'list' | 'unauthenticated';
const READERS: Record<Exclude<Caller, 'guest'>, Outcome> = {
  shopper: 'all',
  'other shopper': 'none',
  'farm A': 'own',
  'farm B': 'own',
  'other vendor': 'none',
  manager: 'all',
  volunteer: 'all',
  'other manager': 'none',
  admin: 'all',
};
const OUTCOMES: Record<string, (caller: Exclude<Caller, 'guest'>) => Outcome> = {
  'GET /api/market-orders': () => 'list',
  'GET /api/market-orders/:id': (caller) => READERS[caller],
  'POST /api/market-orders/:id/cancel': (caller) => (caller === 'shopper' ? 'in' : 'refused'),
  'POST /api/market-orders/:id/checkout': (caller) =>
    caller === 'manager' || caller === 'volunteer' || caller === 'admin' ? 'in' : 'refused',
};

let app: TestApp;
let marketOrderId: number;
let farms: { A: BasketFarm; B: BasketFarm };
const users = {} as Record<Exclude<Caller, 'guest'>, TestUser>;

beforeAll(async () => {
  app = await buildTestApp();
  useTestClock(app, WEDNESDAY_NOON);
  const market = await buildBasketMarket(app);
  const other = await buildMarket(app, { basketOn: true, name: 'Frankfort Farmers Market' });
  farms = { A: await buildBasketFarm(app, market.id), B: await buildBasketFarm(app, market.id) };
  const outsider = await buildBasketFarm(app, market.id);
  Object.assign(users, {
    shopper: await buildUser(app),
    'other shopper': await buildUser(app),
    'farm A': farms.A,
    'farm B': farms.B,
    'other vendor': outsider,
    manager: market.manager,
    volunteer: market.volunteer,
    'other manager': other.manager,
    admin: await buildUser(app, { userType: 'admin' }),
  });
  const placed = await placeBasket(
    app,
    users.shopper,
    market.id,
    basketPayload([
      { productId: farms.A.productId, quantity: 1 },
      { productId: farms.B.productId, quantity: 2 },
    ]),
  );
  if (placed.statusCode !== 201) throw new Error(placed.body);
  marketOrderId = placed.json().marketOrder.id;
});
afterAll(() => app.closeAll());

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url.replace(/\/$/, '')}`;

describe('market order role × route matrix', () => {
  const routes = () => app.declaredRoutes.filter((route) => route.url.startsWith('/api/market-orders'));

  it('names who may call every market order route', () => {
    expect(
      routes()
        .map(routeKey)
        .filter((key) => !(key in OUTCOMES)),
    ).toEqual([]);
  });

  it('lets a farm read only its own part, the shopper and the market’s staff every part, and nobody else anything', async () => {
    const declared = new Map(routes().map((route) => [routeKey(route), route]));
    const skipped = Object.keys(OUTCOMES).filter((key) => !declared.has(key));
    if (skipped.length) console.info(`market order routes not declared yet, skipped: ${skipped.join(', ')}`);
    // The shopper's cancel goes last: it changes the order the others read.
    const keys = [...declared.keys()].sort((a, b) => Number(a.endsWith('/cancel')) - Number(b.endsWith('/cancel')));
    const failures: string[] = [];
    for (const key of keys) {
      const route = declared.get(key) as { method: string; url: string };
      const outcomeOf = OUTCOMES[key];
      if (!outcomeOf) continue; // reported by the test above
      const order: Caller[] = [...CALLERS.filter((c) => c !== 'shopper'), 'shopper'];
      for (const caller of order) {
        const user = caller === 'guest' ? null : users[caller];
        const response = await app.inject({
          method: route.method as 'GET',
          url: route.url.replace(':id', String(marketOrderId)),
          headers: user ? bearer(user) : {},
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const expected = caller === 'guest' ? 'unauthenticated' : outcomeOf(caller);
        const label = `${key} as ${caller}: ${response.statusCode} ${response.body.slice(0, 160)}`;
        const body = response.statusCode === 200 ? response.json() : null;
        const farmsShown = (body?.parts ?? []).map((p: { producer: { user_id: number } }) => p.producer.user_id);
        const checks: Record<Outcome, () => boolean> = {
          unauthenticated: () => response.statusCode === 401,
          list: () => response.statusCode === 200 && body.marketOrders.length === (caller === 'shopper' ? 1 : 0),
          all: () => response.statusCode === 200 && farmsShown.length === 2,
          own: () => response.statusCode === 200 && farmsShown.length === 1 && farmsShown[0] === users[caller as 'farm A'].id,
          none: () => response.statusCode === 404,
          refused: () => response.statusCode === 403 || response.statusCode === 404,
          in: () => response.statusCode < 500 && ![401, 403, 404].includes(response.statusCode),
        };
        const ok = checks[expected]();
        if (!ok || response.statusCode >= 500) failures.push(`${label} (expected ${expected})`);
        // A farm's own part carries only its own lines and amount.
        if (expected === 'own' && ok) {
          const own = caller === 'farm A' ? farms.A : farms.B;
          expect(body.parts[0].items.map((i: { product_id: number }) => i.product_id)).toEqual([own.productId]);
          expect(body.totalCents).toBe(caller === 'farm A' ? 550 : 1100);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
