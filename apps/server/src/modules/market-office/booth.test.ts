import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildUser, type TestUser } from '../../test/factories';
import {
  addVendor,
  boothEntry,
  boothSync,
  buildMarket,
  MARKET_SATURDAY,
  SATURDAY_11,
  type TestMarket,
} from '../../test/market-office-helpers';
import { useTestClock } from '../../test/orders-helpers';
import { buildProducer } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

/**
 * The info booth (issue 48 item 3, decision 582): Kentucky Double Dollars matched $1 for $1 in $2
 * tokens up to $20 a shopper a market day across every vendor and phone; each entry applied once.
 */
let app: TestApp;
let market: TestMarket;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});
beforeEach(async () => {
  useTestClock(app, SATURDAY_11);
  market = await buildMarket(app);
});

type Result = {
  id: string;
  status: string;
  message: string | null;
  matchCents: number;
  overCapCents: number;
  capLeftCents: number | null;
};
const results = async (user: TestUser, entries: unknown[], marketId = market.id): Promise<Result[]> => {
  const res = await boothSync(app, user, marketId, entries);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results;
};

describe('the booth’s match', () => {
  it('matches SNAP up to the cap, rounded down to whole $2 tokens, across entries of the day', async () => {
    const [first, second, third, fourth] = await results(market.volunteer, [
      boothEntry({ amountCents: 500, match: 'auto', shopperKey: '1234' }),
      boothEntry({ amountCents: 1000, match: 'auto', shopperKey: '1234' }),
      boothEntry({ amountCents: 1000, match: 'auto', shopperKey: '1234' }),
      boothEntry({ amountCents: 1000, match: 'auto', shopperKey: '1234' }),
    ]);
    // $5 → $4 in tokens; $10 → $10; then $6 left of the $20 cap; then nothing.
    expect([first, second, third, fourth].map((r) => r.matchCents)).toEqual([400, 1000, 600, 0]);
    expect([first, second, third, fourth].map((r) => r.capLeftCents)).toEqual([1600, 600, 0, 0]);
    // Another shopper has a cap of their own; Senior FMNP coupons are matched too.
    const [other] = await results(market.manager, [
      boothEntry({ currency: 'senior_fmnp', amountCents: 700, match: 'auto', shopperKey: '9876' }),
    ]);
    expect(other).toMatchObject({ status: 'applied', matchCents: 600, capLeftCents: 1400 });
  });

  it('records a match handed out offline as given, and says how far it went past the cap', async () => {
    await results(market.volunteer, [boothEntry({ amountCents: 1600, match: 'auto', shopperKey: '4321' })]);
    const [offline] = await results(market.volunteer, [
      boothEntry({ amountCents: 1000, match: 1000, shopperKey: '4321', device: 'Booth phone 2' }),
    ]);
    expect(offline).toMatchObject({ status: 'applied', matchCents: 1000, overCapCents: 600, capLeftCents: 0 });
    expect(offline.message).toContain('$6.00 past');
    const books = await app.inject({
      method: 'GET',
      url: `/api/markets/${market.id}/reconciliation?from=${MARKET_SATURDAY}&to=${MARKET_SATURDAY}`,
      headers: bearer(market.manager),
    });
    expect(books.statusCode, books.body).toBe(200);
    expect(books.json().discrepancies).toEqual([
      expect.objectContaining({ kind: 'over_cap', currency: 'incentive', expectedCents: 400, actualCents: 1000 }),
    ]);
  });

  it('never passes the cap across two phones syncing at the same moment', async () => {
    // Each phone asks for $14 (together past the cap) or for the whole cap.
    for (const [n, shopperKey] of ['1111', '2222', '3333', '4444'].entries()) {
      const amountCents = n < 2 ? 1400 : 2000;
      const [a, b] = await Promise.all([
        results(market.volunteer, [boothEntry({ amountCents, match: 'auto', shopperKey, device: 'Phone A' })]),
        results(market.manager, [boothEntry({ amountCents, match: 'auto', shopperKey, device: 'Phone B' })]),
      ]);
      // One gets its whole match, the other what is left of the cap: never more, nothing lost.
      expect(a[0].matchCents + b[0].matchCents).toBe(2000);
      expect([a[0].overCapCents, b[0].overCapCents]).toEqual([0, 0]);
    }
    const day = await app.inject({ method: 'GET', url: `/api/markets/${market.id}/booth`, headers: bearer(market.volunteer) });
    expect(day.json().matchedToday.map((m: { matchedCents: number }) => m.matchedCents)).toEqual([2000, 2000, 2000, 2000]);
  });

  it('many parallel batches of both phones for one shopper stay within the cap', async () => {
    const batch = (device: string) =>
      Array.from({ length: 5 }, () => boothEntry({ amountCents: 400, match: 'auto', shopperKey: '5555', device }));
    const all = await Promise.all([
      results(market.volunteer, batch('Phone A')),
      results(market.manager, batch('Phone B')),
      results(market.volunteer, batch('Phone C')),
    ]);
    const matched = all.flat().reduce((sum, r) => sum + r.matchCents, 0);
    expect(matched).toBe(2000);
  });
});

describe('each entry once', () => {
  it('answers a second arrival of an id with the first result, in the same batch and in a later one', async () => {
    const entry = boothEntry({ amountCents: 1000, match: 'auto', shopperKey: '2468' });
    const [first, again] = await results(market.volunteer, [entry, entry]);
    expect(first).toMatchObject({ status: 'applied', matchCents: 1000 });
    expect(again).toMatchObject({ status: 'duplicate', matchCents: 1000, id: entry.id });
    const [later] = await results(market.manager, [{ ...entry, device: 'Booth phone 2' }]);
    expect(later).toMatchObject({ status: 'duplicate', matchCents: 1000 });
    const [shouted] = await results(market.volunteer, [{ ...entry, id: entry.id.toUpperCase() }]);
    expect(shouted).toMatchObject({ status: 'duplicate', matchCents: 1000 });
    const [both1, both2] = await Promise.all([results(market.volunteer, [entry]), results(market.manager, [entry])]);
    expect([both1[0].status, both2[0].status]).toEqual(['duplicate', 'duplicate']);
    const day = await app.inject({
      method: 'GET',
      url: `/api/markets/${market.id}/booth/day`,
      headers: bearer(market.volunteer),
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().entries).toHaveLength(1);
    expect(day.json().totals).toEqual([
      { currency: 'snap', label: 'SNAP tokens', issuedCents: 1000, returnedCents: 0, entries: 1 },
      { currency: 'incentive', label: 'Double Dollars', issuedCents: 1000, returnedCents: 0, entries: 1 },
    ]);
  });
});

describe('entries the booth refuses, with a message, writing nothing', () => {
  it('refuses each rule’s entry and applies the rest', async () => {
    await results(market.volunteer, [boothEntry({ currency: 'credit', amountCents: 2000 })]);
    const entries = [
      boothEntry({ at: '2030-06-07T15:00:00Z' }), // a Friday
      boothEntry({ at: '2030-04-06T15:00:00Z' }), // a Saturday 63 days back
      boothEntry({ at: '2030-06-15T15:00:00Z' }), // next Saturday
      boothEntry({ amountCents: 150 }), // SNAP tokens are $1
      boothEntry({ currency: 'credit', amountCents: 1000, match: 'auto', shopperKey: '1234' }), // cards aren't matched
      boothEntry({ amountCents: 1000, match: 'auto' }), // no shopper key
      boothEntry({ amountCents: 1000, match: 300, shopperKey: '1234' }), // not whole $2 tokens
      boothEntry({ currency: 'wic_fmnp', amountCents: 1000 }), // this booth doesn't hand out WIC
      boothEntry({ currency: 'incentive', amountCents: 1000 }), // the match comes with a swipe
      boothEntry({ kind: 'return', currency: 'credit', amountCents: 2500 }), // shoppers hold $20 of card tokens
      boothEntry({ kind: 'return', currency: 'credit', amountCents: 1500 }),
    ];
    const answer = await results(market.volunteer, entries);
    expect(answer.map((r) => r.status)).toEqual([...Array(10).fill('refused'), 'applied']);
    const messages = answer.slice(0, 10).map((r) => r.message);
    expect(messages[0]).toBe('2030-06-07 is not a market day here: the booth records entries on market days only');
    expect(messages[1]).toContain('more than 60 days ago');
    expect(messages[2]).toContain('after today');
    expect(messages[3]).toBe('SNAP tokens come in $1.00 pieces: $1.50 is not a whole number of them');
    expect(messages[4]).toBe('Kentucky Double Dollars does not match Card tokens');
    expect(messages[5]).toContain('last four digits');
    expect(messages[6]).toContain('$2.00 tokens');
    expect(messages[7]).toContain('does not hand out WIC FMNP coupons');
    expect(messages[8]).toContain('not on their own');
    expect(messages[9]).toBe('Shoppers hold only $20.00 of Card tokens: a return of $25.00 is more than that');
    const day = await app.inject({ method: 'GET', url: `/api/markets/${market.id}/booth/day`, headers: bearer(market.manager) });
    expect(day.json().totals).toEqual([
      { currency: 'credit', label: 'Card tokens', issuedCents: 2000, returnedCents: 1500, entries: 2 },
    ]);
  });

  it('refuses an entry made up of something other than a booth entry with a 400', async () => {
    const res = await boothSync(app, market.volunteer, market.id, [boothEntry({ shopperKey: '4111111111111111' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('last four digits');
  });
});

describe('who may use the booth', () => {
  it('lets the manager and volunteers in; other markets’ staff, vendors, shoppers and guests out', async () => {
    const other = await buildMarket(app, { name: 'Another market' });
    const farm = await buildProducer(app);
    await addVendor(app, market.id, farm.id);
    const shopper = await buildUser(app);
    const url = `/api/markets/${market.id}/booth`;
    const status = async (user: TestUser | null) =>
      (await app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} })).statusCode;
    expect(await status(market.manager)).toBe(200);
    expect(await status(market.volunteer)).toBe(200);
    expect(await status(other.manager)).toBe(403);
    expect(await status(other.volunteer)).toBe(403);
    expect(await status(farm)).toBe(403);
    expect(await status(shopper)).toBe(403);
    expect(await status(null)).toBe(401);
    const missing = await app.inject({ method: 'GET', url: '/api/markets/999999/booth', headers: bearer(market.manager) });
    expect(missing.statusCode).toBe(404);
    const sync = await boothSync(app, other.volunteer, market.id, [boothEntry()]);
    expect(sync.statusCode).toBe(403);
    expect(sync.json().message).toBe('Only this market’s managers and booth volunteers can do this');
  });

  it('keeps the books from a volunteer', async () => {
    for (const path of ['reconciliation', 'statements', 'programme-report', 'programme-report.csv', 'reconciliation.csv']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/markets/${market.id}/${path}`,
        headers: bearer(market.volunteer),
      });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe('Only this market’s managers can do this');
    }
  });

  it('gives the phone its catalog: currencies with tokens, the incentive and its cap', async () => {
    await buildMarket(app);
    const res = await app.inject({ method: 'GET', url: `/api/markets/${market.id}/booth`, headers: bearer(market.volunteer) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      today: MARKET_SATURDAY,
      isMarketDay: true,
      currencies: [
        { currency: 'snap', tokenCents: 100 },
        { currency: 'credit', tokenCents: 500 },
        { currency: 'incentive', tokenCents: 200 },
        { currency: 'senior_fmnp', tokenCents: 100 },
      ],
      incentive: {
        name: 'Kentucky Double Dollars',
        capCents: 2000,
        matchPercent: 100,
        tokenCents: 200,
        matches: ['snap', 'wic_fmnp', 'senior_fmnp'],
      },
    });
  });
});
