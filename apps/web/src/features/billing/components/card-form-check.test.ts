import { describe, expect, it } from 'vitest';
import { CARD_EXPIRED, validate } from './card-form-check';

const card = (expiry: string) => ({ number: '4242 4242 4242 4242', expiry, cvc: '123', zip: '40507' });
const june2030 = new Date('2030-06-15T12:00:00Z');

describe('the card form asks for MM/YY and refuses an expiry month that has passed', () => {
  it('rejects an expiry month that has passed', () => {
    expect(validate(card('05/30'), june2030).expiry).toBe(CARD_EXPIRED);
    expect(validate(card('12/29'), june2030).expiry).toBe(CARD_EXPIRED);
  });

  it('accepts the current month and later', () => {
    expect(validate(card('06/30'), june2030)).toEqual({});
    expect(validate(card('01/31'), june2030)).toEqual({});
  });

  it('still asks for MM/YY when the shape is wrong', () => {
    expect(validate(card('13/30'), june2030).expiry).toBe('Enter the expiry as MM/YY');
    expect(validate(card('6/3'), june2030).expiry).toBe('Enter the expiry as MM/YY');
  });
});
