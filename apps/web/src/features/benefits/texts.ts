import type { SnapStatus } from '@farmstand/shared/schemas/benefits';

/** What the benefits screens say (decision 516). */
export const BENEFITS_TEXTS = {
  neverProcesses:
    'Farmstand never takes or processes benefits: you accept them in person at pickup, on your own EBT device or coupons.',
  shopperNote: 'Paid to the farm in person at pickup. Farmstand never takes or processes benefits.',
  snapStatus: (status: SnapStatus, note: string | null): string | null => {
    if (status === 'pending') return 'Waiting for an admin to check your FNS number';
    if (status === 'verified') return 'Verified';
    if (status === 'rejected') return `Rejected: ${note?.trim() || 'no reason was given'}`;
    return null;
  },
  /** "Kentucky Double Dollars at pickups at Berea Farmers Market and Bowling Green Farmers Market." */
  incentiveAt: (name: string, markets: string[]) =>
    `${name} at pickups at ${markets.length < 2 ? markets.join('') : `${markets.slice(0, -1).join(', ')} and ${markets[markets.length - 1]}`}.`,
  incentiveAtPlaces: (name: string) =>
    `In your state the incentive is ${name}: shoppers who pay with SNAP or coupons get a match on eligible food, at pickups at a participating market. Say which market each pickup place is on your Pickup tab.`,
  incentiveNoPlaces: 'None of your pickup places is a participating market yet, so shoppers are not offered the match.',
  incentiveUnknown: 'No incentive is known for your state, so shoppers will not see one for your farm.',
  loadFailed: 'Could not load your benefits; refresh the page to try again',
  saveFailed: 'Could not save your benefits; try again',
  adminLoadFailed: 'Could not load the FNS numbers to check; try again',
  reviewFailed: 'Could not save the review; try again',
  rejectNeedsNote: 'Say why the number is rejected: the farm reads this note',
} as const;

/** The badges' names: what a farm takes, or what a product can be paid with. */
export const BADGE_LABELS = {
  snap: 'Takes SNAP',
  wic_fmnp: 'WIC FMNP coupons',
  senior_fmnp: 'Senior FMNP coupons',
} as const;

/** "Ask about SNAP" when a programme says to check. */
export const ASK_NAMES = {
  snap: 'SNAP',
  wic_fmnp: 'WIC FMNP coupons',
  senior_fmnp: 'Senior FMNP coupons',
} as const;
