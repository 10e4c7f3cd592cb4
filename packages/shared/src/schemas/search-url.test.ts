import { describe, expect, it } from 'vitest';
import { PRODUCER_SEARCH_URL, PRODUCTS_URL, readUrlParams } from './search-url';

const read = (query: string, readers: typeof PRODUCTS_URL | typeof PRODUCER_SEARCH_URL) =>
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
});
