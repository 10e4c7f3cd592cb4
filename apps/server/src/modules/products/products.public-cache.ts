import { ProductResponse } from '@farmstand/shared/schemas/products';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';

/**
 * Guests' product pages, kept briefly per server instance in `ctx.publicProducts` (docs/decisions/060). A write to a product
 * on this instance forgets it at once; other instances, and changes made elsewhere (the producer's
 * profile, subscription or suspension), show within TTL_MS. Signed-in viewers are never served from
 * here: owners and admins can see hidden products, and signed-in users get the contact details.
 */
export const PUBLIC_PRODUCT_TTL_MS = 2000;
/** Bounds memory: the whole cache is dropped when full, which is cheap and rare. */
const MAX_ENTRIES = 20_000;

/** The JSON body of a public product, or null when a guest gets a 404 (missing or hidden). */
export type PublicProductBody = string | null;

type Entry = { expiresAt: number; body: PublicProductBody };

/** The same zod serializer the route would apply, run once per cache fill instead of per request. */
const serialize = serializerCompiler({ schema: ProductResponse, method: 'GET', url: '/api/products/:id' }) as (
  data: unknown,
) => string;

export class PublicProductCache {
  private entries = new Map<number, Entry>();
  /** Bumped by every forget, so a read that started before a write does not store what it saw. */
  private generation = 0;

  async get(id: number, load: () => Promise<unknown | null>): Promise<PublicProductBody> {
    const hit = this.entries.get(id);
    if (hit && hit.expiresAt > Date.now()) return hit.body;
    const startedAt = this.generation;
    const value = await load();
    const body = value === null ? null : serialize(value);
    if (startedAt === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(id, { expiresAt: Date.now() + PUBLIC_PRODUCT_TTL_MS, body });
    }
    return body;
  }

  /** Call after the write's transaction committed. */
  forget(id: number): void {
    this.generation++;
    this.entries.delete(id);
  }

  /** For changes that touch many products at once (a producer's account suspended or restored). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** Forget a product's public page on this instance after a committed write. */
export function forgetPublicProduct(ctx: AppContext, id: number): void {
  ctx.publicProducts.forget(id);
}

/** Forget every cached public product page on this instance after a committed write. */
export function forgetAllPublicProducts(ctx: AppContext): void {
  ctx.publicProducts.clear();
}
