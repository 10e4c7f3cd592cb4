import type { StateCode } from '../constants/catalog';
import type { TaxClass } from './classes';

/**
 * Each state's sales tax as data (issue 47, decision 574): the state's general rate, the rate each
 * tax class is taxed at (0: exempt), and the law it comes from. State rates only: local add-ons
 * (Ohio's county permissive taxes, Tennessee's local option tax) are out of scope, so a farm in a
 * county with one collects the state's part here and the rest by its own means.
 */

export type TaxSource = { title: string; url: string };

export type StateSalesTax = {
  state: StateCode;
  /** The state's general rate in percent (tangible goods at retail). */
  ratePercent: number;
  /** What each class is taxed at, in percent; 0 is exempt. */
  classRates: Record<TaxClass, number>;
  /** Always 'state': local add-on taxes are not included. */
  scope: 'state';
  /** The rule in words, for the decision record and the producer's help. */
  summary: string;
  sources: TaxSource[];
  /** The state's own sales-tax return, which the farm files (the books page's tax quarter feeds it). */
  returnForm: { form: string; title: string; source: TaxSource };
};

/** Every source a state's rule cites, by a short key. */
export const TAX_SOURCES = {
  'ky-krs-139': {
    title: 'KRS Chapter 139: 139.200 (6 % on retail sales) and 139.485 (food exempt; candy, soft drinks, prepared food not)',
    url: 'https://apps.legislature.ky.gov/law/statutes/chapter.aspx?id=37663',
  },
  'ky-kdor': {
    title:
      'Kentucky Department of Revenue, Sales and Use Tax; KY-TAM-20-01 "Application of Sales Tax to the Sale of Prepared Food"',
    url: 'https://revenue.ky.gov/Business/Sales-Use-Tax/Pages/default.aspx',
  },
  'in-ic-6-2.5': {
    title: 'Indiana Code 6-2.5-2-2 (7 %) and 6-2.5-5-20 (food exempt; candy, soft drinks, prepared food not)',
    url: 'https://iga.in.gov/laws/2024/ic/titles/6',
  },
  'in-bulletin-29': {
    title: 'Indiana Department of Revenue, Sales Tax Information Bulletin #29 "Sales of Food"',
    url: 'http://www.in.gov/legislative/iac/20160427-IR-045160160NRA.xml.html',
  },
  'oh-orc-5739.02': {
    title: 'Ohio Revised Code 5739.02 (5.75 %; (B)(2) food for consumption off the premises exempt)',
    url: 'https://codes.ohio.gov/ohio-revised-code/section-5739.02',
  },
  'oh-orc-5739.01': {
    title: 'Ohio Revised Code 5739.01 (EEE): "food" excludes soft drinks, alcohol, dietary supplements, tobacco',
    url: 'https://codes.ohio.gov/ohio-revised-code/section-5739.01',
  },
  'tn-tca-67-6-202': {
    title: 'Tenn. Code Ann. 67-6-202 (7 % state rate on retail sales)',
    url: 'https://law.justia.com/codes/tennessee/title-67/chapter-6/part-2/section-67-6-202/',
  },
  'tn-tca-67-6-228': {
    title: 'Tenn. Code Ann. 67-6-228 (food and food ingredients 4 %; prepared food and candy at the full rate)',
    url: 'https://law.justia.com/codes/tennessee/2020/title-67/chapter-6/part-2/section-67-6-228/',
  },
  'wv-11-15-3': {
    title: 'W. Va. Code 11-15-3 (6 % consumers sales and service tax)',
    url: 'https://code.wvlegislature.gov/11-15-3/',
  },
  'wv-11-15-3a': {
    title: 'W. Va. Code 11-15-3a (food and food ingredients exempt from July 1, 2013; not soft drinks or prepared food)',
    url: 'https://code.wvlegislature.gov/11-15-3A/',
  },
  ssuta: {
    title:
      'Streamlined Sales and Use Tax Agreement: §324 rounding; Library of Definitions (food, candy, soft drink, prepared food)',
    url: 'https://www.streamlinedsalestax.org/about-us/about-sstgb/sst-governing-board-documents',
  },
  'ky-51a102': {
    title: 'Kentucky Revenue Form 51A102, Sales and Use Tax Return (incorporated by 103 KAR 3:020)',
    url: 'https://revenue.ky.gov/Business/Sales-Use-Tax/Pages/default.aspx',
  },
  'in-st-103': {
    title: 'Indiana Department of Revenue Form ST-103, Sales and Use Tax Voucher (filed through INTIME)',
    url: 'https://www.in.gov/dor/tax-forms/sales-tax-forms/',
  },
  'oh-ust-1': {
    title: 'Ohio Department of Taxation Form UST 1, Universal Sales Tax Return (filed through the Ohio Business Gateway)',
    url: 'https://tax.ohio.gov/business/ohio-business-taxes/sales-and-use',
  },
  'tn-sls-450': {
    title: 'Tennessee Department of Revenue Form SLS 450, State and Local Sales and Use Tax Return (filed through TNTAP)',
    url: 'https://www.tn.gov/revenue/taxes/sales-and-use-tax.html',
  },
  'wv-cst-200cu': {
    title: 'West Virginia State Tax Department Form CST-200CU, Sales and Use Tax Return (filed through MyTaxes)',
    url: 'https://tax.wv.gov/Business/SalesAndUseTax/Pages/SalesAndUseTax.aspx',
  },
  'cfr-272.1': {
    title: '7 CFR 272.1(b): no state or local sales tax on purchases made with SNAP benefits',
    url: 'https://www.ecfr.gov/current/title-7/section-272.1',
  },
} as const satisfies Record<string, TaxSource>;

const src = (...keys: (keyof typeof TAX_SOURCES)[]): TaxSource[] => keys.map((k) => TAX_SOURCES[k]);

export const STATE_SALES_TAX: Record<StateCode, StateSalesTax> = {
  KY: {
    state: 'KY',
    ratePercent: 6,
    classRates: { food: 0, candy: 6, soft_drink: 6, prepared_food: 6, non_food: 6 },
    scope: 'state',
    summary:
      'Kentucky taxes retail sales at 6 % and exempts food and food ingredients, which exclude candy, soft drinks and prepared food (bakery items sold without utensils are not prepared food). No local sales tax.',
    sources: src('ky-krs-139', 'ky-kdor'),
    returnForm: { form: 'Form 51A102', title: 'Sales and Use Tax Return', source: TAX_SOURCES['ky-51a102'] },
  },
  IN: {
    state: 'IN',
    ratePercent: 7,
    classRates: { food: 0, candy: 7, soft_drink: 7, prepared_food: 7, non_food: 7 },
    scope: 'state',
    summary:
      'Indiana taxes retail sales at 7 % and exempts food for human consumption, except candy, soft drinks and food heated, sold with utensils or mixed by the seller (bakery items without utensils excepted). No local sales tax.',
    sources: src('in-ic-6-2.5', 'in-bulletin-29'),
    returnForm: { form: 'Form ST-103', title: 'Sales and Use Tax Voucher', source: TAX_SOURCES['in-st-103'] },
  },
  OH: {
    state: 'OH',
    ratePercent: 5.75,
    classRates: { food: 0, candy: 0, soft_drink: 5.75, prepared_food: 0, non_food: 5.75 },
    scope: 'state',
    summary:
      "Ohio taxes retail sales at 5.75 % (state rate; counties add their own, not included) and exempts food sold for consumption off the premises, candy and prepared food to take away included; soft drinks are not food. A stand's sales are taken away.",
    sources: src('oh-orc-5739.02', 'oh-orc-5739.01'),
    returnForm: { form: 'Form UST 1', title: 'Universal Sales Tax Return', source: TAX_SOURCES['oh-ust-1'] },
  },
  TN: {
    state: 'TN',
    ratePercent: 7,
    classRates: { food: 4, candy: 7, soft_drink: 4, prepared_food: 7, non_food: 7 },
    scope: 'state',
    summary:
      'Tennessee taxes retail sales at 7 % (state rate; the local option tax is not included) and food and food ingredients, soft drinks among them, at a reduced 4 %; candy and prepared food pay the full 7 %. Food is taxed, never exempt.',
    sources: src('tn-tca-67-6-202', 'tn-tca-67-6-228'),
    returnForm: { form: 'Form SLS 450', title: 'State and Local Sales and Use Tax Return', source: TAX_SOURCES['tn-sls-450'] },
  },
  WV: {
    state: 'WV',
    ratePercent: 6,
    classRates: { food: 0, candy: 0, soft_drink: 6, prepared_food: 6, non_food: 6 },
    scope: 'state',
    summary:
      'West Virginia taxes retail sales at 6 % (state rate; municipal taxes not included) and exempts food and food ingredients, candy included, but not soft drinks or prepared food.',
    sources: src('wv-11-15-3', 'wv-11-15-3a'),
    returnForm: { form: 'Form CST-200CU', title: 'Sales and Use Tax Return', source: TAX_SOURCES['wv-cst-200cu'] },
  },
};

/** The rate in percent a class is taxed at in a state (0: exempt). */
export const classRatePercent = (state: StateCode, taxClass: TaxClass): number => STATE_SALES_TAX[state].classRates[taxClass];

/** Whether a class is taxed at all in a state. */
export const isTaxed = (state: StateCode, taxClass: TaxClass): boolean => classRatePercent(state, taxClass) > 0;

/** One line naming the state's law, for a receipt's footer or the stand's catalogue. */
export const taxSourceText = (state: StateCode): string => STATE_SALES_TAX[state].sources.map((s) => s.title).join('; ');
