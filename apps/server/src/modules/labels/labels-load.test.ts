import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, type TestUser } from '../../test/factories';
import { buildProducer, buildProduct } from '../../test/producer-factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { LABELS_BUSY_MESSAGE, LabelMaker } from './label-maker';

/** Large label prints: one user's second print is refused, and the server keeps answering meanwhile. */
let app: TestApp;
const farms: { producer: TestUser; productId: number }[] = [];
/** A product with every field its state's label requires. */
const jam = {
  category: 'jellies',
  description: 'Small-batch jam.',
  price: 7,
  price_unit: 'jar',
  net_quantity: 8,
  net_unit: 'oz',
  allergens: [],
} as const;

beforeAll(async () => {
  app = await buildTestApp();
  for (let i = 0; i < 6; i++) {
    const producer = await buildProducer(app);
    const productId = await buildProduct(app, producer, {
      ...jam,
      name: `Blackberry Jam ${i}`,
      ingredient_list: ['blackberries', 'cane sugar', 'lemon juice'],
      allergens: [],
    });
    farms.push({ producer, productId });
  }
});
afterAll(async () => {
  await app.closeAll();
});

function print(farm: (typeof farms)[number], count: number, productId = farm.productId) {
  return app.inject({
    method: 'GET',
    url: `/api/products/${productId}/labels?sheet=thermal_4x6&count=${count}&processing_date=2027-07-01`,
    headers: bearer(farm.producer),
  });
}

/**
 * The slowest /api/health/live answer, asked every 20 ms until `settled` is. Each answer is timed
 * from when its request was due, as a client outside the process would see it: a blocked event loop
 * delays the timer that sends it as much as the answer.
 */
async function slowestHealthDuring(settled: Promise<unknown>): Promise<{ slowest: number; probes: number }> {
  let done = false;
  void settled.finally(() => {
    done = true;
  });
  let slowest = 0;
  let probes = 0;
  while (!done) {
    const due = performance.now() + 20;
    // sleep-ok: the probes' cadence is what is measured (a blocked event loop delays this timer too).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    slowest = Math.max(slowest, performance.now() - due);
    probes++;
  }
  return { slowest, probes };
}

describe('label printing under load', () => {
  it('refuses a second print from the same user while the first is being made, and prints again after', async () => {
    const [farm, other] = farms;
    const claim = vi.spyOn(LabelMaker.prototype, 'claim');
    const first = print(farm, 500);
    // The first request holds its claim before the second arrives.
    await vi.waitFor(() => expect(claim).toHaveBeenCalledTimes(1));
    claim.mockRestore();
    const [second, otherUser] = await Promise.all([print(farm, 1), print(other, 1)]);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: LABELS_BUSY_MESSAGE });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back by it.
    expect(otherUser.statusCode).toBe(200);
    expect((await first).statusCode).toBe(200);
    const again = await print(farm, 1);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/pdf');
  });

  it('lets the user print again after a refused print (the claim is released on errors too)', async () => {
    const [farm] = farms;
    expect((await print(farm, 1, 999_999)).statusCode).toBe(404);
    expect((await print(farm, 1)).statusCode).toBe(200);
  });

  it('keeps /api/health/live answering quickly while six users print 500 thermal labels each', async () => {
    // Warm: the first print starts the renderer and loads pdf-lib.
    expect((await print(farms[0], 1)).statusCode).toBe(200);
    const started = performance.now();
    const prints = Promise.all(farms.map((farm) => print(farm, 500)));
    const { slowest, probes } = await slowestHealthDuring(prints);
    console.info(
      `health/live slowest answer during six 500-label prints: ${slowest.toFixed(0)} ms (${probes} probes, prints took ${(performance.now() - started).toFixed(0)} ms)`,
    );
    for (const res of await prints) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.byteLength).toBeGreaterThan(10_000);
    }
    // Rendered on the main thread, the prints held the event loop for seconds at a time.
    expect(slowest).toBeLessThan(1000);
  });
});
