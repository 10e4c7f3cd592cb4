import { PRODUCT_PAGE_SIZE } from '@farmstand/shared';
import { FavoriteCountResponse } from '@farmstand/shared/schemas/favorites';
import { MarketList, MarketPage } from '@farmstand/shared/schemas/markets';
import { PublicPickupResponse } from '@farmstand/shared/schemas/pickup';
import { PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import { type Product, ProductResponse } from '@farmstand/shared/schemas/products';
import { FarmProductReviewsResponse, ReviewsResponse } from '@farmstand/shared/schemas/reviews';
import { ProductSearchQuery } from '@farmstand/shared/schemas/search';
import { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppContext } from '../../lib/context';
import * as favorites from '../favorites';
import * as markets from '../markets';
import * as pickup from '../pickup';
import * as reviews from '../reviews';
import * as search from '../search';
import { readSiteInfo } from '../site';

/**
 * The API answers a page reads first, put into its HTML (docs/decisions/168), so the web app
 * renders with data at once instead of asking after its scripts ran. Each answer is exactly what a
 * guest's GET would return (the same services, serialized through the route's response schema),
 * keyed by its URL with the query parameters sorted, as the web app's `initialApiData` looks it up.
 */
export type ApiAnswer = { url: string; json: string };

/** `/api/search/products?availability=available&limit=20&offset=0`: parameters sorted, empty ones left out. */
export function apiUrl(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}

/** The same JSON the route's serializer writes. */
function serialize<T>(schema: ZodType<T>, url: string, data: T): string {
  const compile = serializerCompiler as unknown as (route: {
    schema: ZodType;
    method: string;
    url: string;
  }) => (data: unknown) => string;
  return compile({ schema, method: 'GET', url })(data);
}

/** One answer, or none when it fails (the web app then asks as usual): a missing extra never breaks the page. */
async function answer(url: string, make: () => Promise<string>): Promise<ApiAnswer | null> {
  try {
    return { url, json: await make() };
  } catch {
    return null;
  }
}

export const siteAnswer = (ctx: AppContext) =>
  answer(apiUrl('/site'), async () => serialize(SiteInfoResponse, '/api/site', await readSiteInfo(ctx)));

/** A product page: the product (given), its reviews and its farm's pickup. */
export function productPageAnswers(ctx: AppContext, product: Product): Promise<(ApiAnswer | null)[]> {
  const productId = product.id;
  return Promise.all([
    answer(apiUrl(`/products/${productId}`), async () => serialize(ProductResponse, '/api/products/:id', { product })),
    answer(apiUrl(`/reviews/product/${productId}`), async () =>
      serialize(ReviewsResponse, '/api/reviews/product/:id', await reviews.productReviews(ctx, productId)),
    ),
    pickupAnswer(ctx, product.producer_user_id),
  ]);
}

/** A producer page: the profile (given), its reviews and its products' first page of them, pickup and how many saved it. */
export function producerPageAnswers(
  ctx: AppContext,
  producerUserId: number,
  profile: PublicProducerProfile,
): Promise<(ApiAnswer | null)[]> {
  return Promise.all([
    answer(apiUrl(`/producers/${producerUserId}`), async () => serialize(PublicProducerProfile, '/api/producers/:id', profile)),
    answer(apiUrl(`/reviews/producer/${producerUserId}`), async () =>
      serialize(ReviewsResponse, '/api/reviews/producer/:id', await reviews.producerReviews(ctx, producerUserId)),
    ),
    answer(apiUrl(`/reviews/producer/${producerUserId}/products`), async () =>
      serialize(
        FarmProductReviewsResponse,
        '/api/reviews/producer/:id/products',
        await reviews.farmProductReviews(ctx, producerUserId, {}),
      ),
    ),
    pickupAnswer(ctx, producerUserId),
    answer(apiUrl(`/favorites/count/${producerUserId}`), async () =>
      serialize(FavoriteCountResponse, '/api/favorites/count/:producerId', {
        count: await favorites.countFavorites(ctx, producerUserId),
      }),
    ),
  ]);
}

const pickupAnswer = (ctx: AppContext, producerUserId: number) =>
  answer(apiUrl(`/pickup/producers/${producerUserId}`), async () =>
    serialize(PublicPickupResponse, '/api/pickup/producers/:userId', await pickup.publicPickup(ctx, producerUserId)),
  );

/** /products without filters in its URL: the first page of what is available (the page's defaults). */
export function productsPageAnswer(ctx: AppContext): Promise<ApiAnswer | null> {
  const query = { availability: 'available', limit: PRODUCT_PAGE_SIZE, offset: 0 };
  return answer(apiUrl('/search/products', query), () => search.productSearchJson(ctx, ProductSearchQuery.parse(query)));
}

/** A market's page: the market (given), as GET /api/markets/{slug} answers it. */
export const marketPageAnswer = (page: MarketPage): Promise<ApiAnswer | null> =>
  answer(apiUrl(`/markets/${page.slug}`), async () => serialize(MarketPage, '/api/markets/:slug', page));

/** /markets without a query string: every market by name (the page's answer when the shopper's place is not known). */
export const marketsPageAnswer = (ctx: AppContext): Promise<ApiAnswer | null> =>
  answer(apiUrl('/markets'), async () => serialize(MarketList, '/api/markets', await markets.listMarkets(ctx, {})));

/**
 * The <script type="application/json"> block: `path` names the page it was made for (a copy of the
 * HTML kept for another page is ignored), `api` maps URLs to answers. The answers are already JSON;
 * escaping `<`, `>` and `&` everywhere keeps "</script>" and "<!--" in any text from ending the block
 * (inside JSON strings the escapes read back as the same characters; outside strings they never occur).
 */
export function initialDataScript(pagePath: string, answers: (ApiAnswer | null)[]): string {
  const present = answers.filter((a): a is ApiAnswer => a !== null);
  if (present.length === 0) return '';
  const api = present.map((a) => `${JSON.stringify(a.url)}:${a.json}`).join(',');
  const json = `{"path":${JSON.stringify(pagePath)},"api":{${api}}}`;
  const safe = json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="initial-data">${safe}</script>`;
}
