import { describe, expect, it } from 'vitest';
import { DEFAULT_BENEFIT_TABLE } from '../benefits/programmes';
import { ProducerSearchQuery, ProductSearchQuery, producerSearchView } from './search';
import {
  incentiveFilterLabel,
  MAP_URL,
  PRODUCER_SEARCH_URL,
  PRODUCTS_URL,
  readUrlParams,
  SEARCH_BENEFITS,
  searchBenefitLabels,
} from './search-url';

const read = (query: string, readers: typeof PRODUCTS_URL | typeof PRODUCER_SEARCH_URL | typeof MAP_URL) =>
  readUrlParams(new URLSearchParams(query), readers);

describe('reading a discovery page’s URL', () => {
  it('keeps the values the page offers', () => {
    expect(read('category=honey&availability=all&sort=price&page=3&lat=38.04&lng=-84.5&place=Lexington', PRODUCTS_URL)).toEqual({
      category: 'honey',
      availability: 'all',
      sort: 'price',
      page: 3,
      lat: 38.04,
      lng: -84.5,
      place: 'Lexington',
    });
    expect(read('radius=50&view=map&search=%20eggs%20', PRODUCER_SEARCH_URL)).toEqual({
      radius: 50,
      view: 'map',
      search: 'eggs',
    });
  });

  it('drops an unknown category, availability or sort the way it drops an empty one', () => {
    expect(read('category=unicorn&availability=sold_out&sort=cheapest&search=', PRODUCTS_URL)).toEqual({});
  });

  it('drops a radius that is not one of the choices', () => {
    expect(read('radius=7', PRODUCER_SEARCH_URL)).toEqual({});
    expect(read('radius=25.0', PRODUCER_SEARCH_URL)).toEqual({});
  });

  it('drops pages and coordinates that are not numbers in range', () => {
    expect(read('page=0&lat=91&lng=abc', PRODUCTS_URL)).toEqual({});
    expect(read('page=2.5&lat=1e3&lng=-181', PRODUCTS_URL)).toEqual({});
    expect(read('page=999999', PRODUCTS_URL)).toEqual({});
  });

  it('drops search text longer than the API takes', () => {
    expect(read(`search=${'a'.repeat(201)}`, PRODUCTS_URL)).toEqual({});
  });

  it('keeps a benefit the pages offer and drops any other, on every discovery page', () => {
    for (const readers of [PRODUCTS_URL, PRODUCER_SEARCH_URL, MAP_URL]) {
      for (const benefit of SEARCH_BENEFITS) expect(read(`benefits=${benefit}`, readers)).toEqual({ benefits: benefit });
      expect(read('benefits=ebt', readers)).toEqual({});
      expect(read('benefits=SNAP', readers)).toEqual({});
    }
  });
});

describe('the benefits filter', () => {
  it('names the one incentive Farmstand knows, and says "Double Dollars" when it cannot tell which', () => {
    expect(searchBenefitLabels(DEFAULT_BENEFIT_TABLE.incentives.map((incentive) => incentive.name))).toEqual({
      snap: 'Takes SNAP',
      coupons: 'Takes WIC or Senior coupons',
      incentive: 'Takes Kentucky Double Dollars',
    });
    expect(incentiveFilterLabel([])).toBe('Takes Double Dollars');
    expect(incentiveFilterLabel(['Kentucky Double Dollars', 'Ohio Produce Perks'])).toBe('Takes Double Dollars');
  });

  it('is accepted by both searches, refused with a message when unknown, and chooses neither shape of the producer answer', () => {
    expect(ProductSearchQuery.parse({ benefits: 'coupons' }).benefits).toBe('coupons');
    expect(ProducerSearchQuery.parse({ benefits: '' }).benefits).toBeUndefined();
    const refused = ProducerSearchQuery.safeParse({ benefits: 'ebt' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe(
      'Benefits must be one of: snap (takes SNAP), coupons (takes WIC or Senior FMNP coupons), incentive (takes the state’s incentive)',
    );
    // Alone it is still the map (which sends nothing else without filters); with the list's radius, the list.
    expect(producerSearchView({ benefits: 'snap' })).toBe('map');
    expect(producerSearchView({ benefits: 'snap', radius: 25 })).toBe('list');
    expect(producerSearchView({ benefits: 'snap', category: 'eggs' })).toBe('map');
  });
});
