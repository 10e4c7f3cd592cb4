import { describe, expect, it } from 'vitest';
import { STATES } from '../constants/catalog';
import { allocateCents, percentOfCentsHalfUp } from '../format/money';
import { TAX_CLASSES, type TaxClass } from './classes';
import { saleTax, saleTaxIn, snapParts } from './compute';
import { classRatePercent, STATE_SALES_TAX, TAX_SOURCES } from './rates';

const line = (totalCents: number, taxClass: TaxClass, snapCents = 0) => ({ totalCents, taxClass, snapCents });

describe('sale tax', () => {
  it('taxes only the taxable lines of a mixed basket with an exempt line', () => {
    const tax = saleTax('KY', [line(500, 'food'), line(1000, 'non_food'), line(300, 'candy')]);
    expect(tax).toEqual({
      ratePercent: 6,
      taxCents: 78,
      taxableCents: 1300,
      exemptCents: 500,
      lines: [
        { taxableCents: 0, exemptCents: 500, taxCents: 0 },
        { taxableCents: 1000, exemptCents: 0, taxCents: 60 },
        { taxableCents: 300, exemptCents: 0, taxCents: 18 },
      ],
    });
  });

  it('never taxes the SNAP-paid part of a line', () => {
    // A soft drink bought with SNAP is taxable in Kentucky, but not the part SNAP pays (7 CFR 272.1(b)).
    const tax = saleTax('KY', [line(400, 'soft_drink', 250), line(200, 'candy', 200)]);
    expect(tax.lines).toEqual([
      { taxableCents: 150, exemptCents: 250, taxCents: 9 },
      { taxableCents: 0, exemptCents: 200, taxCents: 0 },
    ]);
    expect(tax.taxCents).toBe(9);
    expect(tax.exemptCents).toBe(450);
  });

  it('rounds on the invoice: the total tax is the rounded tax of the taxable sum, half up', () => {
    // 3 × $0.25 at 6 %: each line 1.5¢; item by item 3 × 2¢ = 6¢, on the invoice 4.5¢ → 5¢.
    const tax = saleTax('KY', [line(25, 'candy'), line(25, 'candy'), line(25, 'candy')]);
    expect(tax.taxCents).toBe(5);
    expect(tax.lines.map((l) => l.taxCents)).toEqual([2, 2, 1]);
    // 0.4¢ rounds down, 0.5¢ up (SSUTA §324: the third decimal rounds up when more than four).
    expect(saleTax('KY', [line(8, 'candy')]).taxCents).toBe(0); // 0.48¢
    expect(saleTax('KY', [line(9, 'candy')]).taxCents).toBe(1); // 0.54¢
    expect(saleTax('OH', [line(200, 'soft_drink')]).taxCents).toBe(12); // 11.5¢ → 12¢
  });

  it('shares the tax over the lines so that they add up to the total exactly', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let n = 0; n < 300; n++) {
      const state = STATES[next() % STATES.length];
      const lines = Array.from({ length: 1 + (next() % 9) }, () => {
        const total = next() % 5000;
        return line(total, TAX_CLASSES[next() % TAX_CLASSES.length], next() % 3 === 0 ? next() % (total + 1) : 0);
      });
      const tax = saleTax(state, lines);
      expect(tax.lines.reduce((a, l) => a + l.taxCents, 0)).toBe(tax.taxCents);
      expect(tax.taxableCents + tax.exemptCents).toBe(lines.reduce((a, l) => a + l.totalCents, 0));
      tax.lines.forEach((l, i) => {
        expect(l.taxableCents + l.exemptCents).toBe(lines[i].totalCents);
        expect(Number.isInteger(l.taxCents)).toBe(true);
        // Each line within a cent of its own tax rounded alone.
        const alone = percentOfCentsHalfUp(l.taxableCents, classRatePercent(state, lines[i].taxClass));
        expect(Math.abs(l.taxCents - alone)).toBeLessThanOrEqual(1);
      });
    }
  });

  it('taxes Tennessee food at its reduced rate and rounds each rate on its own', () => {
    const tax = saleTax('TN', [line(1000, 'food'), line(1000, 'prepared_food'), line(1000, 'non_food', 0)]);
    expect(tax.ratePercent).toBe(7);
    expect(tax.lines.map((l) => l.taxCents)).toEqual([40, 70, 70]);
    expect(tax).toMatchObject({ taxCents: 180, taxableCents: 3000, exemptCents: 0 });
  });

  it('answers zero for an empty sale or one of exempt food only', () => {
    expect(saleTax('KY', [])).toEqual({ ratePercent: 6, taxCents: 0, taxableCents: 0, exemptCents: 0, lines: [] });
    expect(saleTax('WV', [line(1234, 'food')]).taxCents).toBe(0);
  });

  it('refuses amounts that are not whole cents, and a SNAP part larger than its line', () => {
    expect(() => saleTax('KY', [line(1.5, 'candy')])).toThrow(RangeError);
    expect(() => saleTax('KY', [line(-1, 'candy')])).toThrow(RangeError);
    expect(() => saleTax('KY', [line(100, 'candy', 101)])).toThrow(/SNAP part/);
  });
});

describe('state sales tax rates', () => {
  it.each([
    ['KY', 6, { food: 0, candy: 6, soft_drink: 6, prepared_food: 6, non_food: 6 }],
    ['IN', 7, { food: 0, candy: 7, soft_drink: 7, prepared_food: 7, non_food: 7 }],
    ['OH', 5.75, { food: 0, candy: 0, soft_drink: 5.75, prepared_food: 0, non_food: 5.75 }],
    ['TN', 7, { food: 4, candy: 7, soft_drink: 4, prepared_food: 7, non_food: 7 }],
    ['WV', 6, { food: 0, candy: 0, soft_drink: 6, prepared_food: 6, non_food: 6 }],
  ] as const)('%s: %s %% and its classes', (state, rate, classes) => {
    expect(STATE_SALES_TAX[state].ratePercent).toBe(rate);
    expect(STATE_SALES_TAX[state].classRates).toEqual(classes);
    expect(STATE_SALES_TAX[state].scope).toBe('state');
  });

  it('cites an official source for every state, with a web address', () => {
    for (const state of STATES) {
      const { sources } = STATE_SALES_TAX[state];
      expect(sources.length).toBeGreaterThan(0);
      for (const s of sources) expect(s.url).toMatch(/^https?:\/\//);
    }
    expect(Object.values(TAX_SOURCES).every((s) => s.title.length > 0)).toBe(true);
  });

  it('taxes an Ohio $10.00 soft drink at the state rate only (local taxes out of scope)', () => {
    expect(saleTax('OH', [line(1000, 'soft_drink')]).taxCents).toBe(58);
  });
});

describe('money helpers for tax', () => {
  it('rounds a percentage half up in whole cents', () => {
    expect(percentOfCentsHalfUp(1000, 5.75)).toBe(58);
    expect(percentOfCentsHalfUp(25, 6)).toBe(2);
    expect(percentOfCentsHalfUp(24, 6)).toBe(1);
    expect(percentOfCentsHalfUp(0, 7)).toBe(0);
  });

  it('allocates cents by largest remainder, adding up exactly', () => {
    expect(allocateCents(5, [25, 25, 25])).toEqual([2, 2, 1]);
    expect(allocateCents(10, [1, 0, 3])).toEqual([3, 0, 7]);
    expect(allocateCents(3, [0, 0])).toEqual([0, 0]);
  });
});

describe('SNAP spread over a sale', () => {
  const may = (totalCents: number, taxClass: TaxClass, snapMay = true) => ({ totalCents, taxClass, snapMay });

  it('pays the taxed lines SNAP may pay first, highest rate first, then in basket order, each at most its amount', () => {
    const parts = snapParts('TN', [may(500, 'food'), may(300, 'candy'), may(700, 'non_food', false), may(200, 'candy')], 700);
    // Tennessee: candy at 7 % before food at 4 %; the soap is not SNAP's to pay.
    expect(parts.map((p) => p.snapCents)).toEqual([200, 300, 0, 200]);
  });

  it('leaves what SNAP paid out of the tax, so a fully SNAP-paid soft drink is untaxed', () => {
    const parts = snapParts('KY', [may(400, 'food'), may(250, 'soft_drink')], 250);
    expect(parts.map((p) => p.snapCents)).toEqual([0, 250]);
    expect(saleTax('KY', parts).taxCents).toBe(0);
  });

  it('spreads in basket order where no state rule applies, and taxes nothing there', () => {
    const parts = snapParts(null, [may(400, 'candy'), may(250, 'food')], 500);
    expect(parts.map((p) => p.snapCents)).toEqual([400, 100]);
    expect(saleTaxIn('ZZ', parts)).toMatchObject({ taxCents: 0, taxableCents: 0, exemptCents: 650 });
  });
});
