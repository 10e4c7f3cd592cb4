import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/factories';
import { buildProducer, validProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const cookie = validProduct({
  name: 'Peanut Butter Cookies',
  category: 'baked_goods',
  price_unit: 'dozen',
  ingredient_list: ['wheat flour', 'butter', 'eggs', 'peanuts', 'sugar'],
  allergens: [],
});

const salsa = validProduct({
  name: 'Garden Salsa',
  category: 'preserved_foods',
  description: 'Medium salsa canned at the height of tomato season.',
  price_unit: '16 oz jar',
  ingredient_list: ['tomatoes', 'peppers', 'onions', 'vinegar', 'garlic', 'cilantro', 'salt'],
  allergens: [],
});

describe('allergens the ingredients imply', () => {
  it('refuses "none declared" for a cookie of wheat flour, butter, eggs and peanuts, naming each allergen and its ingredient', async () => {
    const producer = await buildProducer(app);
    const res = await app.inject({ method: 'POST', url: '/api/products', headers: bearer(producer), payload: cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The ingredients suggest these allergens: milk (butter), eggs (eggs), peanuts (peanuts), wheat (wheat flour). Tick them under Allergens, or confirm each is absent.',
    );
  });

  it('saves the cookie once each implied allergen is ticked or confirmed absent, and keeps the confirmation', async () => {
    const producer = await buildProducer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(producer),
      payload: { ...cookie, allergens: ['wheat', 'eggs', 'peanuts'], allergens_confirmed_absent: ['milk'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ allergens: ['wheat', 'eggs', 'peanuts'], allergens_confirmed_absent: ['milk'] });
  });

  it('refuses an allergen both declared and confirmed absent, and an unknown one', async () => {
    const producer = await buildProducer(app);
    const both = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(producer),
      payload: { ...cookie, allergens: ['wheat', 'milk', 'eggs', 'peanuts'], allergens_confirmed_absent: ['milk'] },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('milk is both declared and confirmed absent');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(producer),
      payload: { ...cookie, allergens: ['wheat', 'milk', 'eggs', 'peanuts'], allergens_confirmed_absent: ['gluten'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Allergens confirmed absent must be among');
  });
});

describe('what a seller type may make, by state', () => {
  it('refuses an acidified salsa from a Kentucky home-based processor, citing KRS 217.136', async () => {
    const producer = await buildProducer(app);
    const res = await app.inject({ method: 'POST', url: '/api/products', headers: bearer(producer), payload: salsa });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Kentucky home-based processors may not make acidified');
    expect(res.json().message).toContain('KRS 217.136(2)');
  });

  it('lets a Kentucky home-based microprocessor list the salsa, and keeps the seller type', async () => {
    const producer = await buildProducer(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(producer),
      payload: { ...salsa, seller_type: 'home_microprocessor' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product.seller_type).toBe('home_microprocessor');
  });

  it('refuses the Kentucky microprocessor type in Ohio and acidified foods from Ohio, Indiana and West Virginia home kitchens', async () => {
    const ohio = await buildProducer(app, { state: 'OH', city: 'Cincinnati', zip: '45202' });
    const micro = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(ohio),
      payload: { ...salsa, seller_type: 'home_microprocessor' },
    });
    expect(micro.statusCode).toBe(400);
    expect(micro.json().message).toContain('is a Kentucky registration');
    for (const [state, city, zip, source] of [
      ['OH', 'Cincinnati', '45202', 'Ohio Revised Code 3715.025'],
      ['IN', 'Indianapolis', '46204', 'Indiana Code 16-42-5.3-4'],
      ['WV', 'Charleston', '25301', 'W. Va. Code 19-35-5(d)'],
    ] as const) {
      const producer = await buildProducer(app, { state, city, zip });
      const res = await app.inject({ method: 'POST', url: '/api/products', headers: bearer(producer), payload: salsa });
      expect(res.statusCode, state).toBe(400);
      expect(res.json().message).toContain(source);
    }
  });

  it('lets a home kitchen list fermented sauerkraut and jams, which are not acidified foods', async () => {
    const producer = await buildProducer(app);
    for (const payload of [
      {
        ...salsa,
        name: 'Fermented Sauerkraut',
        description: 'Raw, lacto-fermented cabbage.',
        ingredient_list: ['cabbage', 'salt'],
      },
      {
        ...salsa,
        name: 'Blackberry Jam',
        category: 'jellies' as const,
        description: 'Canned jam.',
        ingredient_list: ['blackberries', 'sugar', 'lemon juice'],
      },
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/products', headers: bearer(producer), payload });
      expect(res.statusCode, payload.name).toBe(201);
    }
  });
});
