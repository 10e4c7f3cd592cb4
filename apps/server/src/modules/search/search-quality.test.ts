import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserStatus } from '../../test/factories';
import { buildProducer, buildProduct, setSubscription } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { listingIndexCaughtUp } from './listing-index/listing-index.service';

/**
 * Result quality of product search (issue 9, decision 120), the same on PGlite and PostgreSQL:
 * relevance tiers (name, then farm name, then elsewhere), then distance, then newest; typos; the
 * visibility rules of decisions 034/082, as the listing index (decisions 125, 460) ranks them.
 */
const CENTRE = { latitude: 38.0406, longitude: -84.5037 }; // Lexington, KY
const NEAR = { latitude: 38.06, longitude: -84.5 }; // ~1.4 mi
const FAR = { latitude: 38.2098, longitude: -84.5588 }; // ~12 mi

describe('search ranked by the listing index', () => {
  let app: TestApp;
  const names = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/search/products?${query}` });
    expect(response.statusCode).toBe(200);
    return (response.json().products as { name: string }[]).map((p) => p.name);
  };

  beforeAll(async () => {
    app = await buildTestApp();
    const far = await buildProducer(app, { farmName: 'Ridge Top Farm', ...FAR });
    const near = await buildProducer(app, { farmName: 'Creek Side Farm', ...NEAR });
    const honeyFarm = await buildProducer(app, { farmName: 'Clover Honey Hollow', ...FAR });
    // Created oldest first: ids grow, so "newest" is the later one.
    await buildProduct(app, near, {
      name: 'Maple Granola',
      category: 'baked_goods',
      description: 'Oats toasted with local honey',
    });
    await buildProduct(app, honeyFarm, { name: 'Duck Eggs', category: 'eggs' });
    await buildProduct(app, far, { name: 'Wildflower Honey', category: 'honey' });
    await buildProduct(app, near, { name: 'Creamed Honey', category: 'honey' });
    await buildProduct(app, far, { name: 'Heirloom Tomatoes', category: 'produce' });
    await buildProduct(app, far, { name: 'Sourdough Loaf', category: 'bread' });
    const lapsed = await buildProducer(app, { farmName: 'Lapsed Honey Farm', ...NEAR });
    await buildProduct(app, lapsed, { name: 'Lapsed Honey', category: 'honey' });
    await setSubscription(app, lapsed.id, { status: 'canceled' });
    const suspended = await buildProducer(app, { farmName: 'Suspended Apiary', ...NEAR });
    await buildProduct(app, suspended, { name: 'Suspended Honey', category: 'honey' });
    await setUserStatus(app, suspended.id, 'suspended');
    expect(await listingIndexCaughtUp(app.ctx)).not.toBeNull();
  });
  afterAll(async () => app.closeAll());

  describe('product search ranking', () => {
    it('ranks the name, then the farm name, then other text; newest first within a tier', async () => {
      expect(await names('search=honey')).toEqual(['Creamed Honey', 'Wildflower Honey', 'Duck Eggs', 'Maple Granola']);
    });

    it('orders each tier by distance when a centre is given', async () => {
      const centre = `latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}`;
      expect(await names(`search=honey&${centre}&radius=25`)).toEqual([
        'Creamed Honey',
        'Wildflower Honey',
        'Duck Eggs',
        'Maple Granola',
      ]);
      // Without text: nearest first, newest first at the same place.
      expect((await names(`${centre}&radius=25`)).slice(0, 2)).toEqual(['Creamed Honey', 'Maple Granola']);
      expect(await names(`${centre}&radius=5`)).toEqual(['Creamed Honey', 'Maple Granola']);
      // 'Any distance' keeps everything, still nearest first.
      expect((await names(`${centre}&radius=999`)).slice(0, 2)).toEqual(['Creamed Honey', 'Maple Granola']);
    });

    it('finds misspelt words and two-word searches', async () => {
      expect(await names('search=tomatos')).toEqual(['Heirloom Tomatoes']);
      expect(await names('search=sourdogh')).toEqual(['Sourdough Loaf']);
      expect(await names('search=wildflowr%20honey')).toEqual(['Wildflower Honey']);
      expect(await names('search=honey%20hollow')).toEqual(['Duck Eggs']);
    });

    it('filters by category within a text search and counts the total', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/search/products?search=honey&category=honey' });
      expect(response.json()).toMatchObject({ total: 2 });
      expect(await names('search=honey&category=honey')).toEqual(['Creamed Honey', 'Wildflower Honey']);
    });

    it('never shows lapsed or suspended producers, in search, suggestions or the map', async () => {
      const all = await names('search=honey&limit=50');
      expect(all).not.toContain('Lapsed Honey');
      expect(all).not.toContain('Suspended Honey');
      const suggestions = await app.inject({ method: 'GET', url: '/api/search/suggestions?q=lapsed' });
      expect(suggestions.json().products).toEqual([]);
      expect(suggestions.json().producers).toEqual([]);
    });
  });

  describe('producer search and type-ahead', () => {
    const farmNames = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/search/producers?${query}` });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { producers: { farm_name: string }[]; total: number };
      expect(body.total).toBe(body.producers.length);
      return body.producers.map((p) => p.farm_name);
    };
    const centre = `latitude=${CENTRE.latitude}&longitude=${CENTRE.longitude}`;

    it('lists the visible farms a text matches, its name first, then nearest, on the list and the map', async () => {
      const listed = await farmNames(`search=honey&${centre}&radius=50`);
      expect(listed).toEqual(['Clover Honey Hollow', 'Creek Side Farm', 'Ridge Top Farm']);
      const mapped = await farmNames(`view=map&search=honey&lat=${CENTRE.latitude}&lng=${CENTRE.longitude}&radius=50`);
      expect(mapped).toEqual(listed);
    });

    it('suggests products and farms as the user types', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/search/suggestions?q=clover' });
      expect(response.json().producers.map((p: { farm_name: string }) => p.farm_name)).toEqual(['Clover Honey Hollow']);
      const products = await app.inject({ method: 'GET', url: '/api/search/suggestions?q=wild' });
      expect(products.json().products.map((p: { name: string }) => p.name)).toEqual(['Wildflower Honey']);
    });
  });
});
