import { describe, expect, it } from 'vitest';
import { AvailabilityRequest } from './products';
import { installValidationMessages } from './validation-messages';

installValidationMessages();

describe('choice fields of a product', () => {
  it('name the allowed values for a wrong availability, and say "required" only when it is missing', () => {
    const bogus = AvailabilityRequest.safeParse({ availability: 'bogus' });
    expect(bogus.error?.issues[0]?.message).toBe('Availability must be one of: available, sold_out, seasonal, pre_order');
    expect(AvailabilityRequest.safeParse({}).error?.issues[0]?.message).toBe('Availability is required');
  });
});
