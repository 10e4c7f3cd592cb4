import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../constants/default-settings';
import { SettingsSchemas } from './settings';

const payment = (changes: object) => SettingsSchemas.payment.safeParse({ ...DEFAULT_SETTINGS.payment, ...changes });

// The admin form runs this same schema before saving, so it shows these messages under the field.
describe('payment settings schema', () => {
  it('puts a fraction of a cent on the price field', () => {
    const result = payment({ monthly_price: 10.005 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['monthly_price'],
      message: 'Monthly price must have at most two decimals (whole cents)',
    });
  });

  it('puts an annual price above twelve months on the annual field', () => {
    const result = payment({ monthly_price: 10, annual_price: 130 });
    expect(result.error?.issues[0]).toMatchObject({ path: ['annual_price'] });
    expect(payment({ monthly_price: 10, annual_price: 120 }).success).toBe(true);
    expect(payment({ monthly_price: 1.1, annual_price: 13.2 }).success).toBe(true);
  });

  it('puts an annual price below the monthly price on the annual field', () => {
    const result = payment({ monthly_price: 10, annual_price: 9.99 });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['annual_price'],
      message: 'Annual price must be at least the monthly price: a year cannot cost less than one month',
    });
    expect(payment({ monthly_price: 10, annual_price: 10 }).success).toBe(true);
  });
});
