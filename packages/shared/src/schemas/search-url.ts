import { PRODUCT_CATEGORIES } from '../constants/catalog';
import { PRODUCER_RADII, PRODUCT_PAGE_SIZE } from '../constants/limits';

/**
 * What the discovery pages read from their own URL (/products, /search), and the sort orders of the
 * product search. zod-free on purpose: guests' pages load no zod (docs/decisions/157), and these are
 * read on their first render. The API's zod schemas (search.ts) take their allowed values from here
 * and from the catalogue constants, so a value the page keeps is one the API accepts.
 *
 * A page reads its URL leniently (decision 400): a value it does not know (an old link, a typo, a
 * hand-edited address) is dropped the way an empty one is (spec 01 §5), never sent to the API,
 * which answers such a value with 400.
 */

/** How a product search can be ordered; `relevance` (the default) is decision 041's ranking. */
export const PRODUCT_SORTS = ['relevance', 'price', 'distance', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  price: 'Lowest price',
  distance: 'Nearest first',
  newest: 'Newest first',
};

/**
 * The benefit a search can ask a farm to take now (decision 516): SNAP, WIC or Senior FMNP coupons
 * (either), or its state's incentive that matches them. Whether a farm takes one today is the
 * benefits policy's answer (SNAP once verified, a coupon until its authorisation ends, the
 * incentive with a market, in a state that has one, and with a matched benefit taken).
 */
export const SEARCH_BENEFITS = ['snap', 'coupons', 'incentive'] as const;
export type SearchBenefit = (typeof SEARCH_BENEFITS)[number];

/**
 * The incentive as the filter names it: "Takes Kentucky Double Dollars" while one incentive runs
 * (the names of the running incentives of the benefit table are passed in), and "Takes Double
 * Dollars" when it cannot tell which state's a shopper means.
 */
export function incentiveFilterLabel(incentiveNames: readonly string[]): string {
  return incentiveNames.length === 1 ? `Takes ${incentiveNames[0]}` : 'Takes Double Dollars';
}

/** The filter's choices as a shopper reads them (the select's "All" is no value). */
export function searchBenefitLabels(incentiveNames: readonly string[]): Record<SearchBenefit, string> {
  return {
    snap: 'Takes SNAP',
    coupons: 'Takes WIC or Senior coupons',
    incentive: incentiveFilterLabel(incentiveNames),
  };
}

/** The deepest offset a search answers: a page past it is refused, not read. */
export const MAX_SEARCH_OFFSET = 100_000;
/** Longest search text, in characters. */
export const MAX_SEARCH_TEXT = 200;

/** The /products availability choices (spec 01 §4): All, available, pre_order, seasonal. */
export const PRODUCT_AVAILABILITY_CHOICES = ['all', 'available', 'pre_order', 'seasonal'] as const;

/** Reads one URL value: what the page understands it as, or undefined to drop it. */
export type UrlValue<T> = (raw: string) => T | undefined;

export const oneOf =
  <const T extends readonly (string | number)[]>(values: T): UrlValue<T[number]> =>
  (raw) =>
    values.find((value) => String(value) === raw);

export const wholeNumber =
  (min: number, max: number): UrlValue<number> =>
  (raw) => {
    if (!/^\d{1,9}$/.test(raw)) return undefined;
    const value = Number(raw);
    return value >= min && value <= max ? value : undefined;
  };

export const degrees =
  (limit: number): UrlValue<number> =>
  (raw) => {
    if (!/^-?\d+(\.\d+)?$/.test(raw)) return undefined;
    const value = Number(raw);
    return Math.abs(value) <= limit ? value : undefined;
  };

export const text =
  (max: number): UrlValue<string> =>
  (raw) => {
    const value = raw.trim();
    return value.length <= max ? value : undefined;
  };

type Readers = Record<string, UrlValue<unknown>>;
export type UrlValues<R extends Readers> = { [K in keyof R]?: Exclude<ReturnType<R[K]>, undefined> };

/** The values of `params` each reader understands; empty and unknown values are left out. */
export function readUrlParams<R extends Readers>(params: URLSearchParams, readers: R): UrlValues<R> {
  const values: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(readers)) {
    const raw = params.get(key);
    if (raw === null || raw.trim() === '') continue;
    const value = read(raw);
    if (value !== undefined && value !== '') values[key] = value;
  }
  return values as UrlValues<R>;
}

/** /products: its filters (the benefit asked for among them), page, sort and the location a shared link carries. */
export const PRODUCTS_URL = {
  search: text(MAX_SEARCH_TEXT),
  category: oneOf(PRODUCT_CATEGORIES),
  availability: oneOf(PRODUCT_AVAILABILITY_CHOICES),
  sort: oneOf(PRODUCT_SORTS),
  page: wholeNumber(1, Math.floor(MAX_SEARCH_OFFSET / PRODUCT_PAGE_SIZE) + 1),
  lat: degrees(90),
  lng: degrees(180),
  place: text(MAX_SEARCH_TEXT),
  benefits: oneOf(SEARCH_BENEFITS),
};

/** /search: the text, one of the radius choices (spec 01 §5), list or map, and the benefit asked for. */
export const PRODUCER_SEARCH_URL = {
  search: text(MAX_SEARCH_TEXT),
  radius: oneOf(PRODUCER_RADII),
  view: oneOf(['list', 'map'] as const),
  benefits: oneOf(SEARCH_BENEFITS),
};

/** /map: its other filters live in the page; the benefit asked for is kept in the URL. */
export const MAP_URL = {
  benefits: oneOf(SEARCH_BENEFITS),
};
