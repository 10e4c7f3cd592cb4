import type { BoothLine, RedemptionLine } from './reconcile';
import { redeemedCents } from './reconcile';

/**
 * The programme's report of a market's season (issue 48 item 5, decision 583): a row per month
 * with the benefit money the booth issued and the vendors redeemed, the customers served and the
 * vendors' sales. The layout is data: each column names its label and where its figure comes from,
 * and the sources it follows are cited below. Kentucky Double Dollars' own market report form
 * could not be found in public material: the layout is Farmstand's reading of what the programme
 * and comparable incentive programmes ask markets to keep (decision 583 says which source says what).
 */

export type ProgrammeReportColumn = {
  key: string;
  label: string;
  kind: 'text' | 'count' | 'cents';
  /** Where the figure comes from in Farmstand. */
  source: string;
};

export const PROGRAMME_REPORT_SOURCES = [
  {
    title:
      'Kentucky Double Dollars: Using KDD (SNAP at the market information booth, tokens matched in $2 increments, WIC/Senior FMNP recorded at the booth)',
    url: 'https://kentuckydoubledollars.org/using-kdd/',
  },
  {
    title: 'USDA NIFA CRIS: Kentucky Double Dollars Project, Community Farm Alliance (FINI/GusNIP grant, annual reporting)',
    url: 'https://portal.nifa.usda.gov/web/crisprojectpages/1012684-kentucky-double-dollars-project.html',
  },
  {
    title:
      'NOFA-VT Crop Cash: data a market submits per market day (SNAP transactions and amounts, incentive distributed and redeemed, vendors)',
    url: 'https://nofavt.org/cropcash/programcoordinators',
  },
  {
    title: 'Farm Direct Incentives Guide: tracking customer transactions at the market manager’s booth',
    url: 'https://farmdirectincentives.guide/resource/bundle-tracking-customer-transactions/',
  },
] as const;

export const PROGRAMME_REPORT_NOTE =
  'Layout: Farmstand’s reading of what Kentucky Double Dollars and comparable incentive programmes ask a market to report; the programme’s own market report form was not found in public material. Amounts in dollars; issued = handed out at the booth, redeemed = what the market reimbursed vendors (counted, else reported).';

export const PROGRAMME_REPORT_COLUMNS: ProgrammeReportColumn[] = [
  { key: 'month', label: 'Month', kind: 'text', source: 'Calendar month of the market days (YYYY-MM)' },
  {
    key: 'marketDays',
    label: 'Market days',
    kind: 'count',
    source: 'Market days in the month: the market’s days, season and closed dates',
  },
  {
    key: 'vendors',
    label: 'Vendors attending',
    kind: 'count',
    source: 'Vendors whose day report says they attended, counted once a month',
  },
  { key: 'vendorSalesCents', label: 'Vendor sales', kind: 'cents', source: 'Sales the vendors reported for their market days' },
  {
    key: 'customers',
    label: 'Benefit customers',
    kind: 'count',
    source: 'Shoppers served at the booth with SNAP, WIC or Senior FMNP: one per card (last four digits) per market day',
  },
  { key: 'snapTransactions', label: 'SNAP transactions', kind: 'count', source: 'SNAP swipes at the booth (issue entries)' },
  {
    key: 'snapIssuedCents',
    label: 'SNAP tokens issued',
    kind: 'cents',
    source: 'SNAP swipes at the booth, less tokens returned',
  },
  { key: 'snapRedeemedCents', label: 'SNAP tokens redeemed', kind: 'cents', source: 'SNAP tokens the vendors handed in' },
  {
    key: 'incentiveIssuedCents',
    label: 'Double Dollars issued',
    kind: 'cents',
    source: 'The match handed out at the booth, less incentive tokens returned',
  },
  {
    key: 'incentiveRedeemedCents',
    label: 'Double Dollars redeemed',
    kind: 'cents',
    source: 'Incentive tokens the vendors handed in',
  },
  { key: 'wicIssuedCents', label: 'WIC FMNP issued', kind: 'cents', source: 'WIC FMNP coupons handed out at the booth' },
  { key: 'wicRedeemedCents', label: 'WIC FMNP redeemed', kind: 'cents', source: 'WIC FMNP coupons the vendors handed in' },
  { key: 'seniorIssuedCents', label: 'Senior FMNP issued', kind: 'cents', source: 'Senior FMNP coupons handed out at the booth' },
  {
    key: 'seniorRedeemedCents',
    label: 'Senior FMNP redeemed',
    kind: 'cents',
    source: 'Senior FMNP coupons the vendors handed in',
  },
];

export type ProgrammeReportRow = Record<string, string | number>;

type Figures = {
  marketDays: number;
  vendors: Set<number>;
  vendorSalesCents: number;
  customers: Set<string>;
  snapTransactions: number;
  snapIssuedCents: number;
  snapRedeemedCents: number;
  incentiveIssuedCents: number;
  incentiveRedeemedCents: number;
  wicIssuedCents: number;
  wicRedeemedCents: number;
  seniorIssuedCents: number;
  seniorRedeemedCents: number;
};

const empty = (): Figures => ({
  marketDays: 0,
  vendors: new Set(),
  vendorSalesCents: 0,
  customers: new Set(),
  snapTransactions: 0,
  snapIssuedCents: 0,
  snapRedeemedCents: 0,
  incentiveIssuedCents: 0,
  incentiveRedeemedCents: 0,
  wicIssuedCents: 0,
  wicRedeemedCents: 0,
  seniorIssuedCents: 0,
  seniorRedeemedCents: 0,
});

const ISSUED = {
  snap: 'snapIssuedCents',
  incentive: 'incentiveIssuedCents',
  wic_fmnp: 'wicIssuedCents',
  senior_fmnp: 'seniorIssuedCents',
} as const;
const REDEEMED = {
  snap: 'snapRedeemedCents',
  incentive: 'incentiveRedeemedCents',
  wic_fmnp: 'wicRedeemedCents',
  senior_fmnp: 'seniorRedeemedCents',
} as const;

const row = (month: string, f: Figures): ProgrammeReportRow => ({
  month,
  marketDays: f.marketDays,
  vendors: f.vendors.size,
  vendorSalesCents: f.vendorSalesCents,
  customers: f.customers.size,
  snapTransactions: f.snapTransactions,
  snapIssuedCents: f.snapIssuedCents,
  snapRedeemedCents: f.snapRedeemedCents,
  incentiveIssuedCents: f.incentiveIssuedCents,
  incentiveRedeemedCents: f.incentiveRedeemedCents,
  wicIssuedCents: f.wicIssuedCents,
  wicRedeemedCents: f.wicRedeemedCents,
  seniorIssuedCents: f.seniorIssuedCents,
  seniorRedeemedCents: f.seniorRedeemedCents,
});

/**
 * The season's rows (one per month with a market day or a figure) and the season's totals (vendors
 * counted once over the season, customers as the sum of the months'). Card tokens are the market's
 * own business and are not reported.
 */
export function programmeReport(input: {
  marketDates: string[];
  booth: BoothLine[];
  redemptions: Pick<RedemptionLine, 'marketDate' | 'currency' | 'reportedCents' | 'countedCents'>[];
  vendorDays: { marketDate: string; producerId: number; attended: boolean; salesCents: number }[];
}): { rows: ProgrammeReportRow[]; totals: ProgrammeReportRow } {
  const months = new Map<string, Figures>();
  const season = empty();
  const of = (date: string) => {
    const month = date.slice(0, 7);
    let f = months.get(month);
    if (!f) {
      f = empty();
      months.set(month, f);
    }
    return f;
  };
  for (const date of input.marketDates) {
    of(date).marketDays += 1;
    season.marketDays += 1;
  }
  for (const day of input.vendorDays) {
    if (!day.attended) continue;
    const f = of(day.marketDate);
    f.vendors.add(day.producerId);
    season.vendors.add(day.producerId);
    f.vendorSalesCents += day.salesCents;
    season.vendorSalesCents += day.salesCents;
  }
  let unnamed = 0;
  for (const line of input.booth) {
    const f = of(line.marketDate);
    const moves: [keyof typeof ISSUED, number][] = [];
    if (line.kind === 'return') {
      if (line.currency !== 'credit') moves.push([line.currency, -line.amountCents]);
    } else {
      if (line.currency !== 'credit') {
        moves.push([line.currency, line.amountCents]);
        const visit = `${line.marketDate}/${line.shopperKey ?? `#${unnamed++}`}`;
        f.customers.add(visit);
      }
      if (line.currency === 'snap') {
        f.snapTransactions += 1;
        season.snapTransactions += 1;
      }
      if (line.matchCents > 0) moves.push(['incentive', line.matchCents]);
    }
    for (const [currency, cents] of moves) {
      f[ISSUED[currency]] += cents;
      season[ISSUED[currency]] += cents;
    }
  }
  for (const line of input.redemptions) {
    if (line.currency === 'credit') continue;
    const cents = redeemedCents(line);
    of(line.marketDate)[REDEEMED[line.currency]] += cents;
    season[REDEEMED[line.currency]] += cents;
  }
  const rows = [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, f]) => row(month, f));
  const totals = row('Season', season);
  totals.customers = rows.reduce((sum, r) => sum + Number(r.customers), 0);
  return { rows, totals };
}
