import { defaultCutSheet } from '@farmstand/shared/schemas/shares';
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

const tomatoes = validProduct({ name: 'Heirloom tomatoes', category: 'produce', price: 4, price_unit: 'lb', allergens: [] });

const beefShare = (over: Record<string, unknown> = {}) => ({
  name: 'Quarter beef share',
  category: 'meat',
  availability: 'available',
  price: 4.5,
  inspection: 'custom_exempt',
  share: {
    animal: 'beef',
    parts: 4,
    animals_available: 2,
    processor: 'Marksbury Farm Market',
    processing_date: '2030-06-20',
    cut_sheet_due: '2030-06-12',
    time_zone: 'America/New_York',
    hanging_weight: 210,
    processing_fee: 160,
    deposit: null,
    deposit_link: null,
    cut_sheet: defaultCutSheet('beef'),
  },
  ...over,
});

async function post(payload: object) {
  const producer = await buildProducer(app);
  return app.inject({ method: 'POST', url: '/api/products', headers: bearer(producer), payload });
}

describe('each kind of product is asked only its own questions', () => {
  it('lists fresh produce without ingredients, allergens, a label net quantity or "made under"', async () => {
    const res = await post(tomatoes);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().product).toMatchObject({
      ingredient_list: [],
      allergens: [],
      net_quantity: null,
      seller_type: 'home_processor',
    });
  });

  it('refuses ingredients, allergens, a net quantity and the microprocessor on fresh produce, naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ingredient_list: ['tomatoes'] }, 'ingredient_list', 'Fresh produce takes no ingredient list'],
      [{ ingredients: 'tomatoes' }, 'ingredient_list', 'Fresh produce takes no ingredient list'],
      [{ allergens: ['soy'] }, 'allergens', 'Fresh produce takes no allergens'],
      [{ net_quantity: 1, net_unit: 'lb' }, 'net_quantity', 'Fresh produce takes no label net quantity'],
      [{ seller_type: 'home_microprocessor' }, 'seller_type', '“Made under” applies to cottage and packaged foods only'],
    ];
    for (const [over, , message] of cases) {
      const res = await post({ ...tomatoes, ...over });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('sends pickled beets listed as produce to Preserved foods, and lists pickling cucumbers as produce', async () => {
    const pickled = await post({ ...tomatoes, name: 'Pickled beets' });
    expect(pickled.statusCode).toBe(400);
    expect(pickled.json().message).toContain('"pickled" makes this a preserved food, not fresh produce: choose Preserved foods');
    expect((await post({ ...tomatoes, name: 'Pickling cucumbers' })).statusCode).toBe(201);
  });

  it('keeps ingredients, allergens, the net quantity and "made under" for a cottage food', async () => {
    const res = await post(
      validProduct({
        name: 'Blackberry jam',
        category: 'jellies',
        price_unit: 'jar',
        ingredient_list: ['blackberries', 'sugar', 'pectin'],
        allergens: [],
        net_quantity: 8,
        net_unit: 'oz',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().product).toMatchObject({ ingredient_list: ['blackberries', 'sugar', 'pectin'], net_quantity: 8 });
  });

  it('asks a beef share none of the label questions', async () => {
    expect((await post(beefShare())).statusCode).toBe(201);
    for (const [over, message] of [
      [{ ingredient_list: ['beef'] }, 'A share of a live animal takes no ingredient list'],
      [{ allergens: ['soy'] }, 'A share of a live animal takes no allergens'],
      [{ seller_type: 'home_microprocessor' }, '“Made under” applies to cottage and packaged foods only'],
    ] as const) {
      const res = await post(beefShare(over));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('refuses a share’s inspection other than the listed options and names custom-exempt', async () => {
    for (const inspection of [null, 'poultry_exempt']) {
      const res = await post(beefShare({ inspection }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('custom exempt');
      expect(res.json().message).toContain('USDA inspected or state inspected');
    }
    const unknown = await post(beefShare({ inspection: 'home_slaughter' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Inspection must be one of: usda, state, custom_exempt, poultry_exempt');
  });

  it('lets retail meat keep the plant label’s ingredients but not a home-food label’s net quantity', async () => {
    const cut = {
      ...validProduct({ name: 'Breakfast sausage', category: 'meat', price_unit: 'lb', allergens: [] }),
      inspection: 'usda',
      establishment_number: 'EST. 45678',
      ingredient_list: ['pork', 'salt', 'sage'],
    };
    expect((await post(cut)).statusCode).toBe(201);
    const res = await post({ ...cut, net_quantity: 1, net_unit: 'lb' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Meat and poultry takes no label net quantity');
  });
});
