import { haversineMiles } from '@farmstand/shared/format/distance';
import { roundHundredths } from '@farmstand/shared/format/money';
import { nextMarketDates } from '@farmstand/shared/markets/calendar';
import type { FarmMarket, MarketList, MarketPage, MarketSearchQuery } from '@farmstand/shared/schemas/markets';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { localDate } from '../../lib/time';
import { loadBenefitTable } from '../benefits';
import { findProducerByUserId, isProfilePublic } from '../producers';
import { listPublicProducts } from '../products';
import { incentiveById } from './markets.policy';
import { presentSummary } from './markets.presenter';
import * as repo from './markets.repository';

/**
 * What shoppers see of markets (issue 48 item 6, decision 581): the list (a name or town, nearest
 * first around a centre), a market's page with its coming market days in its own zone and its
 * approved vendors with their public products, and the markets a farm attends on its card.
 */

/** The coming market days a market's page lists. */
const UPCOMING_SHOWN = 8;
/** Public products per vendor on a market's page. */
const PRODUCTS_SHOWN = 12;

const matches = (text: string, ...fields: string[]) => fields.some((field) => field.toLowerCase().includes(text.toLowerCase()));

/**
 * Markets matching the query. Markets are few (Kentucky counts about 160), so they are read whole
 * and filtered here rather than with a spatial query.
 */
export async function listMarkets(ctx: AppContext, query: MarketSearchQuery): Promise<MarketList> {
  const [rows, counts, table] = await Promise.all([
    repo.allMarkets(ctx.db),
    repo.approvedCounts(ctx.db),
    loadBenefitTable(ctx.db),
  ]);
  const now = ctx.clock.now();
  const centre = query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
  const found = rows
    .filter((row) => !query.q || matches(query.q, row.name, row.city))
    .map((row) => {
      const distance =
        centre && row.latitude !== null && row.longitude !== null
          ? roundHundredths(haversineMiles(centre.lat, centre.lng, row.latitude, row.longitude))
          : null;
      const incentive = incentiveById(table, row.incentiveId);
      return presentSummary(row, localDate(now, row.timeZone), counts.get(row.id) ?? 0, incentive, distance);
    })
    .filter(
      (market) =>
        !centre || query.radius === undefined || (market.distanceMiles !== null && market.distanceMiles <= query.radius),
    );
  if (centre) found.sort((a, b) => (a.distanceMiles ?? Number.POSITIVE_INFINITY) - (b.distanceMiles ?? Number.POSITIVE_INFINITY));
  return { markets: found };
}

/** A market's page by its slug: 404 unknown. Only approved vendors whose farm page is public are shown. */
export async function marketPage(ctx: AppContext, slug: string): Promise<MarketPage> {
  const market = await repo.findMarketBySlug(ctx.db, slug);
  if (!market) throw notFound('Market not found');
  const today = localDate(ctx.clock.now(), market.timeZone);
  const [rows, table] = await Promise.all([repo.listVendors(ctx.db, market.id), loadBenefitTable(ctx.db)]);
  const approved = rows.filter((row) => row.vendor.status === 'approved');
  const vendors = [];
  for (const row of approved) {
    const farm = await findProducerByUserId(ctx.db, row.vendor.producerUserId);
    if (!farm || !isProfilePublic(farm)) continue;
    const products = farm.listed ? await listPublicProducts(ctx, farm.id, PRODUCTS_SHOWN, false) : [];
    vendors.push({
      producerId: farm.userId,
      farmName: farm.farmName,
      city: farm.city,
      booth: row.booth ?? null,
      products: products.flatMap((p) =>
        p.price === null
          ? []
          : [{ id: p.id, name: p.name, price: p.price, unit: p.price_unit ?? 'each', imageUrl: p.primary_image_url }],
      ),
    });
  }
  const summary = presentSummary(market, today, vendors.length, incentiveById(table, market.incentiveId), null);
  return {
    ...summary,
    description: market.description,
    address: market.address,
    zip: market.zip,
    timeZone: market.timeZone,
    seasonStart: market.seasonStart,
    seasonEnd: market.seasonEnd,
    upcoming: nextMarketDates(market, today, UPCOMING_SHOWN),
    closedDates: market.closedDates.filter((date) => date >= today),
    vendors,
  };
}

/** The markets each farm (by producers.id) is an approved vendor of, for its card and page. */
export async function farmMarkets(db: Db, producerIds: number[]): Promise<Map<number, FarmMarket[]>> {
  const byFarm = new Map<number, FarmMarket[]>();
  for (const row of await repo.approvedMarketsOf(db, producerIds)) {
    const list = byFarm.get(row.producerId) ?? [];
    list.push({ slug: row.slug, name: row.name });
    byFarm.set(row.producerId, list);
  }
  return byFarm;
}
