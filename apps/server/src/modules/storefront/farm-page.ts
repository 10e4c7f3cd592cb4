import { MAX_PRODUCTS_PER_FARM } from '@farmstand/shared/schemas/settings';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { farmToday } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { publicBenefits } from '../benefits';
import { farmMarkets } from '../markets';
import * as producersRepo from '../producers';
import { isProfilePublic, PUBLIC_CERTIFICATION_STATUSES, presentPublicProfile } from '../producers';
import { listPublicProducts } from '../products';
import { farmProductRating } from '../reviews';

/**
 * A farm's public page (GET /api/producers/:id and the page the storefront renders): the farm's
 * profile with its listed products, what it takes at pickup and how its products rate, composed
 * here above the modules it reads.
 */

export const PRODUCER_NOT_FOUND = 'Producer not found';
/** Every product a farm can list (decision 551): the farm page finds, sorts and pages them itself. */
const PUBLIC_PRODUCTS_SHOWN = MAX_PRODUCTS_PER_FARM;

export async function getPublicProfile(ctx: AppContext, viewer: AuthUser | null, producerUserId: number) {
  const producer = await producersRepo.findProducerByUserId(ctx.db, producerUserId);
  if (!producer || !isProfilePublic(producer)) throw notFound(PRODUCER_NOT_FOUND);
  const showContact = viewer !== null;
  const [certifications, rating, products, today, benefits, productReviews, markets] = await Promise.all([
    producersRepo.listCertifications(ctx.db, producer.id, [...PUBLIC_CERTIFICATION_STATUSES]),
    producersRepo.producerRating(ctx.db, producerUserId),
    producer.listed ? listPublicProducts(ctx, producer.id, PUBLIC_PRODUCTS_SHOWN, showContact) : [],
    farmToday(ctx),
    // What the farm takes today (the benefits policy's one rule), for its product cards' badges.
    publicBenefits(ctx, producerUserId),
    // The farm's product reviews: the header says how they rate, not "No reviews yet" (issue 44 item 5).
    farmProductRating(ctx.db, producerUserId),
    // The markets it is an approved vendor of (issue 48): "At these markets".
    farmMarkets(ctx.db, [producer.id]),
  ]);
  return {
    ...presentPublicProfile(producer, certifications, products, rating, showContact, today, benefits.takes, productReviews),
    markets: markets.get(producer.id) ?? [],
  };
}
