import { producers, products } from '../db/schema';
import type { TestApp } from './test-app';

/** A producer profile and one product straight in the database, for features that only need them to exist. */
export async function buildProducerWithProduct(
  app: TestApp,
  producerUserId: number,
  product: Partial<typeof products.$inferInsert> = {},
) {
  const [producer] = await app.ctx.db
    .insert(producers)
    .values({
      userId: producerUserId,
      farmName: `Farm ${producerUserId}`,
      address: '1 Farm Road',
      city: 'Lexington',
      state: 'KY',
      zip: '40507',
    })
    .onConflictDoUpdate({ target: producers.userId, set: { farmName: `Farm ${producerUserId}` } })
    .returning();
  const [row] = await app.ctx.db
    .insert(products)
    .values({
      producerId: producer.id,
      name: 'Farm Fresh Eggs',
      category: 'eggs',
      priceCents: 500,
      priceUnit: 'dozen',
      stockQuantity: 24,
      ...product,
    })
    .returning();
  return { producer, product: row };
}
