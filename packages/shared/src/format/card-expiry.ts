/**
 * A card is good through the last day of its expiry month; two-digit years mean 20xx. One rule for
 * the card form's quick check and the test payment provider, so the form never lets through a
 * card the server will decline.
 */
export function isCardExpired(expiry: { exp_month: number; exp_year: number }, now: Date = new Date()): boolean {
  const year = expiry.exp_year < 100 ? 2000 + expiry.exp_year : expiry.exp_year;
  const firstDayAfterExpiry = Date.UTC(year, expiry.exp_month, 1);
  return firstDayAfterExpiry <= now.getTime();
}
