import { eq } from 'drizzle-orm';
import { producers, products, subscriptions } from '../db/schema';
import { listingIndexCaughtUp } from '../modules/search/listing-index/listing-index.service';
import { buildUser, type TestUser } from './factories';
import type { TestApp } from './test-app';

/*
 * Search shows a write within the change feed's poll plus one reload (decisions 121, 460). These
 * factories wait for the app's own index to hold their write, so a test searches right after.
 */

export type TestProducer = TestUser & { producerId: number };

/** A producer user (trialing) with a farm profile at the given coordinates, written straight to the database. */
export async function buildProducer(
  app: TestApp,
  values: Partial<typeof producers.$inferInsert> & { verified?: boolean } = {},
): Promise<TestProducer> {
  const user = await buildUser(app, { userType: 'producer' });
  const { verified, ...profile } = values;
  const [row] = await app.ctx.db
    .insert(producers)
    .values({
      userId: user.id,
      farmName: `Farm ${user.id}`,
      address: '1 Main St',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
      latitude: 38.0406,
      longitude: -84.5037,
      verificationStatus: verified ? 'approved' : 'pending',
      ...profile,
    })
    .returning({ id: producers.id });
  await listingIndexCaughtUp(app.ctx);
  return { ...user, producerId: row.id };
}

export async function buildProduct(
  app: TestApp,
  producer: { producerId: number },
  values: Partial<typeof products.$inferInsert> = {},
): Promise<number> {
  const [row] = await app.ctx.db
    .insert(products)
    .values({
      producerId: producer.producerId,
      name: 'Farm Fresh Eggs',
      category: 'eggs',
      priceCents: 500,
      priceUnit: 'dozen',
      ...values,
    })
    .returning({ id: products.id });
  await listingIndexCaughtUp(app.ctx);
  return row.id;
}

export async function setSubscription(app: TestApp, userId: number, values: Partial<typeof subscriptions.$inferInsert>) {
  await app.ctx.db.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
  await listingIndexCaughtUp(app.ctx);
}
