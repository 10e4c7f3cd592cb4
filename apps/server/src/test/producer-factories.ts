import { KIND_QUESTIONS, productKind } from '@farmstand/shared/labels/product-kinds';
import type { ProducerProfileRequest } from '@farmstand/shared/schemas/producers';
import type { ProductRequest } from '@farmstand/shared/schemas/products';
import { bearer, buildUser, type TestUser } from './factories';
import type { TestApp } from './test-app';

/** Profile fields that pass validation; override what a test is about. */
export const validProfile = (overrides: Partial<ProducerProfileRequest> = {}): ProducerProfileRequest => ({
  farm_name: 'Bluegrass Acres',
  description: 'Pasture-raised eggs and honey.',
  address: '100 Main St',
  city: 'Lexington',
  state: 'KY',
  zip: '40507',
  phone: '(859) 555-0100',
  delivery_available: true,
  delivery_radius: 15,
  pickup_instructions: 'Farm stand by the red barn.',
  ...overrides,
});

export const validProduct = (overrides: Partial<ProductRequest> = {}): ProductRequest => ({
  name: 'Farm Fresh Eggs',
  category: 'eggs',
  description: 'A dozen brown eggs.',
  price: 5.5,
  price_unit: 'dozen',
  availability: 'available',
  stock_quantity: 12,
  // The eggs' allergen; a kind that asks no allergens (fresh produce, a share) gets none (decision 550).
  allergens: KIND_QUESTIONS[productKind(overrides.category ?? 'eggs', overrides.share != null)].allergens ? ['eggs'] : [],
  ...overrides,
});

/** A producer account with a farm profile created through the API. */
export async function buildProducer(app: TestApp, profile: Partial<ProducerProfileRequest> = {}): Promise<TestUser> {
  const user = await buildUser(app, { userType: 'producer' });
  const res = await app.inject({ method: 'POST', url: '/api/producers', headers: bearer(user), payload: validProfile(profile) });
  if (res.statusCode !== 201) throw new Error(`profile creation failed: ${res.statusCode} ${res.body}`);
  return user;
}

/** A product of this producer created through the API; returns its id. */
export async function buildProduct(app: TestApp, producer: TestUser, product: Partial<ProductRequest> = {}): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: bearer(producer),
    payload: validProduct(product),
  });
  if (res.statusCode !== 201) throw new Error(`product creation failed: ${res.statusCode} ${res.body}`);
  return res.json().product_id;
}
