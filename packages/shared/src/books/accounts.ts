import type { TenderKind } from '../benefits/programmes';

/**
 * The accounts the bookkeeping files name (decision 586). QuickBooks Online's journal-entry import
 * refuses an account its chart does not hold by that exact name, and Xero's sales import wants an
 * account code and a tax rate's display name: the farm creates these once (or renames them in the
 * file), and the books page lists them.
 */
export const QUICKBOOKS_ACCOUNTS = {
  /** The day's goods (lines and delivery fees), credited. */
  sales: 'Sales of Product Income',
  /** The sales tax collected, credited. */
  tax: 'Sales Tax Payable',
  /** What was handed over but not recorded as any tender (or recorded beyond the total), so the entry balances. */
  unrecorded: 'Undeposited Funds',
} as const;

/** The account each tender kind is debited to in the daily journal entry. */
export const QUICKBOOKS_TENDER_ACCOUNTS: Record<TenderKind, string> = {
  snap: 'SNAP Receivable',
  wic_fmnp: 'WIC FMNP Receivable',
  senior_fmnp: 'Senior FMNP Receivable',
  incentive: 'Incentive Receivable',
  cash: 'Undeposited Funds',
  card: 'Card Clearing',
  check: 'Undeposited Funds',
  farm_credit: 'Farm Credit Receivable',
  other: 'Other Tender Clearing',
};

/** Xero's default chart: 200 is "Sales". A line without tax is "Tax Exempt"; a taxed line names the state's rate. */
export const XERO_SALES_ACCOUNT = '200';
export const XERO_EXEMPT_TAX = 'Tax Exempt';
export const xeroSalesTax = (state: string) => `${state || 'State'} Sales Tax`;

/** The US date both imports read: MM/DD/YYYY, from a local 'YYYY-MM-DD'. */
export const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
