import { DEFAULT_BENEFIT_TABLE } from '@farmstand/shared/benefits/programmes';
import { describe, expect, it } from 'vitest';
import {
  acceptedKinds,
  addToBasket,
  lineCents,
  linesOfSale,
  planOf,
  removeOne,
  type SaleLine,
  settle,
  snapShares,
  standLines,
  totalsOf,
} from './sale';
import { standCatalog } from './stand.fixture';
import { type Tile, tilesOf } from './tiles';

const catalog = standCatalog();
const tiles = tilesOf(catalog);
const tile = (name: string) => tiles.find((t) => t.name === name) as Tile;
const basket = (...items: [string, number][]): SaleLine[] =>
  items.reduce<SaleLine[]>((lines, [name, quantity]) => {
    let next = lines;
    for (let i = 0; i < quantity; i++) next = addToBasket(next, tile(name));
    return next;
  }, []);

describe('a walk-up sale on the phone', () => {
  it('prices a by-weight line pack by pack by the shared rule and sends each pack weight in its unit', () => {
    let lines = addToBasket([], tile('Ground beef'), 1250);
    lines = addToBasket(lines, tile('Ground beef'), 980);
    // 1.25 lb × $8.99 = $11.2375 → $11.24; 0.98 lb × $8.99 = $8.8102 → $8.81.
    expect(lineCents(lines[0])).toBe(1124 + 881);
    expect(standLines(lines)).toEqual([{ productId: 5, variantId: null, quantity: 2, weights: [1.25, 0.98] }]);
    expect(removeOne(lines, lines[0].tile.key)[0].weightsMilli).toEqual([1250]);
  });

  it('taxes only the taxable lines of a mixed basket, at the state rate', () => {
    const lines = basket(['Tomatoes', 2], ['Goat milk soap', 1]);
    const totals = totalsOf(lines, catalog, DEFAULT_BENEFIT_TABLE);
    expect(totals.linesCents).toBe(800 + 700);
    expect(totals.taxCents).toBe(42); // 6 % of the soap's $7.00
    expect(totals.totalCents).toBe(1542);
  });

  it('never taxes the part SNAP pays: SNAP goes to the taxable eligible lines first', () => {
    const lines = basket(['Tomatoes', 1], ['Fudge', 2]);
    expect(snapShares(lines, 1000, catalog, DEFAULT_BENEFIT_TABLE)).toEqual([0, 1000]);
    expect(totalsOf(lines, catalog, DEFAULT_BENEFIT_TABLE, 1000).taxCents).toBe(0);
    expect(totalsOf(lines, catalog, DEFAULT_BENEFIT_TABLE, 400).taxCents).toBe(36); // $6.00 of fudge still taxable
  });

  it('offers SNAP only for the SNAP-eligible lines (pet food is not), by the shared tender plan', () => {
    const lines = basket(['Tomatoes', 1], ['Dog treats', 1]);
    const plan = planOf(lines, catalog, DEFAULT_BENEFIT_TABLE);
    expect(plan.snapCents).toBe(400);
    const total = totalsOf(lines, catalog, DEFAULT_BENEFIT_TABLE).totalCents;
    expect(settle({ snap: 900, cash: 300 }, total, plan, null).problem).toMatch(/SNAP can pay at most \$4.00/);
    expect(settle({ snap: 400, cash: 1000 }, total, plan, null)).toMatchObject({
      problem: null,
      tenders: { snap: 400, cash: 636 },
    });
  });

  it('records cash as what stays in the box and shows the change due', () => {
    const result = settle({ cash: 2000 }, 1542, null, null);
    expect(result).toMatchObject({ tenders: { cash: 1542 }, changeCents: 458, leftCents: 0, problem: null });
  });

  it('refuses tenders other than cash above the amount due (they give no change), and says what is left', () => {
    expect(settle({ card: 2000 }, 1542, null, null).problem).toMatch(/no change/);
    expect(settle({ card: 1000 }, 1542, null, null).problem).toBe('$5.42 left to pay');
  });

  it('puts a refused sale back in the basket to ring up again, pack weights included', () => {
    const lines = linesOfSale(
      {
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'sale',
        at: '2026-12-06T15:00:00.000Z',
        device: 'Phone 1',
        pointId: null,
        lines: [
          { productId: 5, variantId: null, quantity: 2, weights: [1.25, 0.98] },
          { productId: 4, variantId: 42, quantity: 1, weights: null },
          { productId: 999, variantId: null, quantity: 1, weights: null },
        ],
        tenders: { snap: 2000 },
        receiptEmail: null,
      },
      tiles,
    );
    expect(lines.map((l) => [l.tile.name, l.quantity, l.weightsMilli])).toEqual([
      ['Ground beef', 2, [1250, 980]],
      ['Eggs — Half dozen', 1, null],
    ]);
  });
});

describe('incentive tokens at the stand', () => {
  const places = [
    { id: 1, name: 'Home farm stand', kind: 'farm', time_zone: 'America/New_York', incentive_market: null },
    {
      id: 2,
      name: 'Lexington Farmers Market',
      kind: 'market',
      time_zone: 'America/New_York',
      incentive_market: 'Lexington Farmers Market',
    },
  ];

  it('are offered at a place that is one of the incentive’s markets, even when it is not the farm’s first place', () => {
    const catalog = standCatalog({ places });
    expect(acceptedKinds(catalog, 2)).toContain('incentive');
    expect(acceptedKinds(catalog, 1)).not.toContain('incentive');
    expect(acceptedKinds(catalog, 1)).toContain('snap');
  });
});
