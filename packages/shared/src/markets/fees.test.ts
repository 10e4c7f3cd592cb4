import { describe, expect, it } from 'vitest';
import { basketFee, dayFee, type FeeRules, vendorFees, vendorStatement } from './fees';

const rules = (values: Partial<FeeRules>): FeeRules => ({
  feeKind: 'none',
  feeCents: 0,
  feePercentBp: 0,
  feeMinCents: null,
  feeMaxCents: null,
  ...values,
});
const day = (marketDate: string, salesCents: number, attended = true) => ({ marketDate, salesCents, attended });

describe('a market’s fee (decision 583)', () => {
  it('takes a percentage of the day’s sales rounded half up, within the minimum and the maximum', () => {
    const percent = rules({ feeKind: 'percent', feePercentBp: 550, feeMinCents: 500, feeMaxCents: 2500 });
    expect(dayFee(percent, 20_010)).toBe(1101); // 1100.55 → 1101
    expect(dayFee(percent, 20_009)).toBe(1100); // 1100.495 → 1100
    expect(dayFee(percent, 1000)).toBe(500); // 55 → the minimum
    expect(dayFee(percent, 100_000)).toBe(2500); // 5500 → the maximum
    expect(dayFee(rules({ feeKind: 'percent', feePercentBp: 500 }), 12_345)).toBe(617); // 617.25, no bounds
  });

  it('charges per day on attended days only, and per season once on the first attended day of each year', () => {
    const days = [day('2030-06-08', 0, false), day('2030-06-15', 100), day('2030-06-22', 0), day('2031-05-03', 0)];
    expect([...vendorFees(rules({ feeKind: 'per_day', feeCents: 2000 }), days).values()]).toEqual([0, 2000, 2000, 2000]);
    expect(Object.fromEntries(vendorFees(rules({ feeKind: 'per_season', feeCents: 15_000 }), days))).toEqual({
      '2030-06-08': 0,
      '2030-06-15': 15_000,
      '2030-06-22': 0,
      '2031-05-03': 15_000,
    });
    expect([...vendorFees(rules({ feeKind: 'none', feeCents: 2000 }), days).values()]).toEqual([0, 0, 0, 0]);
  });

  it('states reimbursement (the count, else the report) and the fee apart, net = reimbursed − fee', () => {
    const statement = vendorStatement({
      from: '2030-06-15',
      to: '2030-06-22',
      rules: rules({ feeKind: 'per_season', feeCents: 15_000 }),
      days: [day('2030-06-08', 1000), day('2030-06-15', 5000), day('2030-06-22', 0, false)],
      redemptions: [
        { marketDate: '2030-06-15', currency: 'snap', reportedCents: 3000, countedCents: 2900 },
        { marketDate: '2030-06-15', currency: 'incentive', reportedCents: 1000, countedCents: null },
        { marketDate: '2030-06-29', currency: 'snap', reportedCents: 9900, countedCents: null },
      ],
    });
    // The season's fee was charged on 8 June, before the period.
    expect(statement.days.map((d) => [d.marketDate, d.feeCents, d.reimbursed.snap, d.reimbursed.incentive])).toEqual([
      ['2030-06-15', 0, 2900, 1000],
      ['2030-06-22', 0, 0, 0],
    ]);
    expect(statement).toMatchObject({ feeCents: 0, reimbursedCents: 3900, netCents: 3900 });
    const owing = vendorStatement({
      from: '2030-06-01',
      to: '2030-06-30',
      rules: rules({ feeKind: 'per_day', feeCents: 2500 }),
      days: [day('2030-06-08', 0)],
      redemptions: [{ marketDate: '2030-06-08', currency: 'snap', reportedCents: 1000, countedCents: null }],
    });
    expect(owing).toMatchObject({ feeCents: 2500, reimbursedCents: 1000, netCents: -1500 });
  });
});

describe('the market basket fee (decision 587)', () => {
  const basket = (values: Partial<Parameters<typeof basketFee>[0]>) => ({
    basketFeeKind: 'none' as const,
    basketFeeCents: 0,
    basketFeePercentBp: 0,
    ...values,
  });
  it('is flat per part, or basis points of the part’s goods rounded half up, and nothing on a part with no goods', () => {
    expect(basketFee(basket({ basketFeeKind: 'per_order', basketFeeCents: 50 }), 1234)).toBe(50);
    expect(basketFee(basket({ basketFeeKind: 'percent', basketFeePercentBp: 250 }), 1234)).toBe(31);
    expect(basketFee(basket({ basketFeeKind: 'percent', basketFeePercentBp: 250 }), 1220)).toBe(31);
    expect(basketFee(basket({ basketFeeKind: 'percent', basketFeePercentBp: 250 }), 1219)).toBe(30);
    expect(basketFee(basket({ basketFeeKind: 'none', basketFeeCents: 50 }), 1234)).toBe(0);
    expect(basketFee(basket({ basketFeeKind: 'per_order', basketFeeCents: 50 }), 0)).toBe(0);
  });

  it('comes off the statement’s net on a line of its own', () => {
    const statement = vendorStatement({
      from: '2030-06-01',
      to: '2030-06-30',
      rules: rules({ feeKind: 'per_day', feeCents: 2500 }),
      days: [day('2030-06-08', 0)],
      redemptions: [{ marketDate: '2030-06-08', currency: 'snap', reportedCents: 5000, countedCents: null }],
      basket: [
        { marketDate: '2030-06-08', salesCents: 1000, feeCents: 50 },
        { marketDate: '2030-07-06', salesCents: 9000, feeCents: 50 },
      ],
    });
    expect(statement).toMatchObject({ feeCents: 2500, basketFeeCents: 50, basketSalesCents: 1000, netCents: 2450 });
  });
});
