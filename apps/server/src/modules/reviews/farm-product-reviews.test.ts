import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { buildProducer, buildProduct, type TestProducer } from '../../test/listing-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';

let app: TestApp;
let farm: TestProducer;
let eggs: number;
let honey: number;

/** An approved (or other) review of a product, written straight to the table at a given day. */
async function review(productId: number, rating: number, day: number, status: 'approved' | 'pending' = 'approved') {
  const reviewer = await buildUser(app, { userType: 'consumer' });
  const [row] = await app.ctx.db
    .insert(reviews)
    .values({
      reviewerId: reviewer.id,
      productId,
      rating,
      title: `Review ${rating} on day ${day}`,
      content: 'Lovely.',
      status,
      createdAt: new Date(Date.UTC(2026, 10, day)),
    })
    .returning({ id: reviews.id });
  return row.id;
}

beforeAll(async () => {
  app = await buildTestApp();
  farm = await buildProducer(app, { farmName: 'Reviewed Acres' });
  eggs = await buildProduct(app, farm, { name: 'Brown Eggs' });
  honey = await buildProduct(app, farm, { name: 'Clover Honey', category: 'honey' });
});
afterAll(async () => app.closeAll());

const get = (url: string) => app.inject({ method: 'GET', url });

describe("a farm page's reviews of its products", () => {
  it('lists them newest first, paged, with each product named, and averages all of them', async () => {
    await review(eggs, 5, 1);
    await review(honey, 4, 3);
    await review(eggs, 3, 2);
    await review(honey, 1, 4, 'pending');
    const hidden = await buildProduct(app, farm, { name: 'Hidden Jam', active: false });
    await review(hidden, 1, 5);
    const elsewhere = await buildProducer(app, { farmName: 'Other Farm' });
    await review(await buildProduct(app, elsewhere, { name: 'Other Eggs' }), 1, 6);

    const first = await get(`/api/reviews/producer/${farm.id}/products?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ average_rating: 4, review_count: 3 });
    expect(first.json().reviews).toEqual([
      expect.objectContaining({ rating: 4, product_id: honey, product_name: 'Clover Honey', title: 'Review 4 on day 3' }),
      expect.objectContaining({ rating: 3, product_id: eggs, product_name: 'Brown Eggs', title: 'Review 3 on day 2' }),
    ]);
    expect(first.json().reviews[0].reviewer_email).toMatch(/^.\*\*\*@/);

    const second = (await get(`/api/reviews/producer/${farm.id}/products?limit=2&offset=2`)).json();
    expect(second.reviews.map((r: { title: string }) => r.title)).toEqual(['Review 5 on day 1']);
    expect(second.review_count).toBe(3);

    // The farm page's header reads the same average and count with the profile.
    const profile = (await get(`/api/producers/${farm.id}`)).json();
    expect(profile).toMatchObject({ review_count: 0, product_reviews: { average_rating: 4, review_count: 3 } });
  });

  it("answers an empty list for a farm whose products have no reviews, 404 for one that isn't there", async () => {
    const quiet = await buildProducer(app);
    await buildProduct(app, quiet);
    expect((await get(`/api/reviews/producer/${quiet.id}/products`)).json()).toEqual({
      reviews: [],
      average_rating: null,
      review_count: 0,
    });
    expect((await get('/api/reviews/producer/999999/products')).statusCode).toBe(404);
    expect((await get(`/api/reviews/producer/${quiet.id}/products?limit=500`)).statusCode).toBe(400);
  });
});
