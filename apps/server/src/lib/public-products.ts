import { ProductResponse } from '@farmstand/shared/schemas/products';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { BoundedCache } from './bounded-cache';
import type { AppContext } from './context';

declare module './context' {
  interface AppContext {
    /**
     * Guests' product pages for 2 s. With the lean prepared read `reads.productPage`: 830 → 6,900 req/s,
     * p95 27 → 4.4 ms on the product page (decision 060).
     */
    publicProducts: PublicProductCache;
  }
}

/**
 * Guests' product pages, kept briefly per server instance in `ctx.publicProducts` (docs/decisions/060). A write to a product
 * on this instance forgets it at once; other instances, and changes made elsewhere (the producer's
 * profile, subscription or suspension), show within TTL_MS. Signed-in viewers are never served from
 * here: owners and admins can see hidden products, and signed-in users get the contact details.
 */
export const PUBLIC_PRODUCT_TTL_MS = 2000;
/**
 * Bounds memory (bounded-cache.ts): a page is dropped once its 2 s are over, and the pages of the
 * last 2 s are held to 16 MB (about 1,500 guests' distinct 11 KB product pages a second; past that the
 * oldest go first). Expired pages kept until 20,000 were held came to 220 MB of JSON, which a
 * guest-heavy soak grew RSS by before they were all dropped at once.
 */
export const PUBLIC_PRODUCT_CACHE_BOUNDS = { maxEntries: 20_000, maxBytes: 16 * 1024 * 1024 };

/** The JSON body of a public product, or null when a guest gets a 404 (missing or hidden). */
export type PublicProductBody = string | null;

/** The same zod serializer the route would apply, run once per cache fill instead of per request. */
const serialize = serializerCompiler({ schema: ProductResponse, method: 'GET', url: '/api/products/:id' }) as (
  data: unknown,
) => string;

/** A body's weight in memory: its characters and the entry around it. */
const weigh = (body: PublicProductBody) => (body?.length ?? 0) + 100;

export class PublicProductCache {
  readonly entries: BoundedCache<number, PublicProductBody>;
  /** Bumped by every forget, so a read that started before a write does not store what it saw. */
  private generation = 0;

  constructor(options: { now?: () => number } = {}) {
    this.entries = new BoundedCache({ ttlMs: PUBLIC_PRODUCT_TTL_MS, ...PUBLIC_PRODUCT_CACHE_BOUNDS, weigh, now: options.now });
  }

  async get(id: number, load: () => Promise<unknown | null>): Promise<PublicProductBody> {
    const hit = this.entries.get(id);
    if (hit !== undefined) return hit;
    const startedAt = this.generation;
    const value = await load();
    const body = value === null ? null : serialize(value);
    if (startedAt === this.generation) this.entries.set(id, body);
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
