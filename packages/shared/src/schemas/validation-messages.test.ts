import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { settingLabel } from '../constants/setting-labels';
import { fieldLabel, installValidationMessages } from './validation-messages';

installValidationMessages();

function messageFor(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0]?.message ?? '';
}

describe('validation messages read like a person wrote them and name the field', () => {
  it('names the field when it is required', () => {
    expect(messageFor(z.object({ farm_name: z.string() }), {})).toBe('Farm name is required');
    expect(messageFor(z.object({ certIds: z.array(z.number()) }), {})).toBe('Choose at least one certification (certIds)');
    expect(messageFor(z.object({ certIds: z.array(z.number()).min(1) }), { certIds: [] })).toBe(
      'Choose at least one certification (certIds)',
    );
  });

  it('says which kind of value was expected', () => {
    expect(messageFor(z.object({ price: z.number() }), { price: 'cheap' })).toBe('Price must be a number');
    expect(messageFor(z.object({ page: z.coerce.number() }), { page: 'x' })).toBe('Page must be a number');
    expect(messageFor(z.object({ delivery_available: z.boolean() }), { delivery_available: 'yes' })).toBe(
      'Delivery available must be true or false',
    );
    expect(messageFor(z.object({ allergens: z.array(z.string()) }), { allergens: 'nuts' })).toBe('Allergens must be a list');
  });

  it('states bounds in words', () => {
    expect(messageFor(z.object({ page: z.coerce.number().int().min(1) }), { page: 0 })).toBe('Page must be 1 or more');
    expect(messageFor(z.object({ limit: z.number().max(100) }), { limit: 500 })).toBe('Limit must be 100 or less');
    expect(messageFor(z.object({ days: z.number().positive() }), { days: 0 })).toBe('Days must be more than 0');
    expect(messageFor(z.object({ title: z.string().max(5) }), { title: 'too long' })).toBe('Title must be at most 5 characters');
    expect(messageFor(z.object({ content: z.string().min(1) }), { content: '' })).toBe('Content is required');
    expect(messageFor(z.object({ password: z.string().min(8) }), { password: 'a' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(messageFor(z.object({ price: z.number().multipleOf(0.01) }), { price: 1.234 })).toBe(
      'Price can have at most 2 decimal places',
    );
  });

  it('lists the choices of an enum, and checks formats', () => {
    expect(messageFor(z.object({ planType: z.enum(['monthly', 'annual']) }), { planType: 'weekly' })).toBe(
      'Plan must be one of: monthly, annual',
    );
    expect(messageFor(z.object({ email: z.email() }), { email: 'nope' })).toBe('Email must be a valid email address');
    expect(messageFor(z.strictObject({ a: z.string() }), { a: 'x', extra: 1 })).toBe('Unknown field: extra');
  });

  it('keeps a message the schema wrote itself', () => {
    expect(messageFor(z.object({ id: z.number().min(1, 'Id must be a positive whole number') }), { id: 0 })).toBe(
      'Id must be a positive whole number',
    );
  });

  it('turns wire names into labels', () => {
    expect(fieldLabel(['delivery_radius'])).toBe('Delivery radius');
    expect(fieldLabel(['seasonalStart'])).toBe('Seasonal start');
    expect(fieldLabel(['items', 2, 'name'])).toBe('Name');
    expect(fieldLabel([])).toBe('The request');
  });

  it('writes acronyms in capitals: "SMTP port must be a number", never "Smtp port"', () => {
    expect(fieldLabel(['email', 'smtp_port'])).toBe('SMTP port');
    expect(fieldLabel(['logoUrl'])).toBe('Logo URL');
    expect(fieldLabel(['fns_number'])).toBe('FNS number');
    expect(fieldLabel(['ip_whitelist'])).toBe('IP whitelist');
    expect(fieldLabel(['stripe_price_id'])).toBe('Stripe price ID');
    // A word that only starts like one stays a word.
    expect(fieldLabel(['snapshot_ip'])).toBe('Snapshot IP');
    expect(messageFor(z.object({ smtp_port: z.number() }), { smtp_port: 'abc' })).toBe('SMTP port must be a number');
    expect(settingLabel('smtp_port')).toBe('SMTP port');
    expect(settingLabel('smtp_host')).toBe('SMTP host');
  });
});
