import { isCardExpired } from '@farmstand/shared/format/card-expiry';

export type CardForm = { number: string; expiry: string; cvc: string; zip: string };

export const CARD_EXPIRED = 'This card has expired. Check the expiry date or use another card.';

/** Quick checks so typos are caught before a round trip; the server decides whether the card is good. */
export function validate(form: CardForm, now = new Date()): Partial<Record<keyof CardForm, string>> {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  if (!/^\d{12,19}$/.test(form.number.replace(/\s/g, ''))) errors.number = 'Enter the card number';
  const [month, year] = form.expiry.split('/').map(Number);
  if (!/^\d{2}\/\d{2}$/.test(form.expiry) || month < 1 || month > 12 || !year) errors.expiry = 'Enter the expiry as MM/YY';
  else if (isCardExpired({ exp_month: month, exp_year: year }, now)) errors.expiry = CARD_EXPIRED;
  if (!/^\d{3,4}$/.test(form.cvc)) errors.cvc = 'Enter the 3 or 4 digit CVC';
  if (!/^\d{5}$/.test(form.zip)) errors.zip = 'Enter a 5-digit ZIP code';
  return errors;
}
