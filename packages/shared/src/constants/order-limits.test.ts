import { describe, expect, it } from 'vitest';
import { toCents } from '../format/money';
import { ORDER_LIMITS } from './orders';

describe('the order cap', () => {
  it('is one amount, in dollars and in cents', () => {
    expect(ORDER_LIMITS.maxTotalCents).toBe(toCents(ORDER_LIMITS.maxTotal));
  });
});
