import { describe, expect, it } from 'vitest';
import { assertInSeason } from './orders.policy';
import type { OrderProduct } from './orders.repository';

const strawberries = { name: 'Strawberries', seasonalStart: '2030-06-01', seasonalEnd: '2030-07-15' } as OrderProduct;

describe('a pickup time outside the season', () => {
  it('names the season in written-out dates, not ISO dates', () => {
    expect(() => assertInSeason(strawberries, '2030-08-01')).toThrow(
      'Strawberries is in season from Jun 1, 2030 until Jul 15, 2030; choose a pickup time inside its season',
    );
    expect(() => assertInSeason(strawberries, '2030-06-10')).not.toThrow();
  });
});
