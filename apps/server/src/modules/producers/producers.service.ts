import { DEFAULT_PRODUCER_RADIUS, STATE_NAMES, type StateCode } from '@farmstand/shared';
import type {
  CertificationRequest,
  ProducerListQuery,
  ProducerProfileInput,
  ResubmitApplicationRequest,
} from '@farmstand/shared/schemas/producers';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { forgetAllPublicProducts } from '../../lib/public-products';
import { farmToday } from '../../lib/time';
import type { AuthUser } from '../../plugins/auth';
import { geocode, zipPlaceMismatch } from '../geocode';
import { STATE_BOUND_CATEGORIES } from './producers.policy';
import { presentListItem, presentOwnCertification, presentOwnProfile } from './producers.presenter';
import * as repo from './producers.repository';

export const PROFILE_NOT_FOUND = 'Producer profile not found';
export const PROFILE_EXISTS = 'You already have a producer profile';
export const CREATE_PROFILE_FIRST = 'Please create your producer profile first';

type CertificationInput = z.output<typeof CertificationRequest>;

/** ZIP first (most precise), then "City, ST"; a miss leaves the farm off the map rather than failing the save. */
async function locate(ctx: AppContext, input: ProducerProfileInput) {
  const hit = (await geocode(ctx, input.zip)) ?? (await geocode(ctx, `${input.city}, ${input.state}`));
  return { latitude: hit?.latitude ?? null, longitude: hit?.longitude ?? null };
}

async function toValues(ctx: AppContext, input: ProducerProfileInput): Promise<repo.ProducerInsert> {
  const mismatch = zipPlaceMismatch(input.zip, input.city, input.state);
  if (mismatch) throw badRequest(mismatch, 'zip');
  return {
    farmName: input.farm_name,
    description: input.description,
    address: input.address,
    city: input.city,
    state: input.state,
    zip: input.zip,
    phone: input.phone,
    deliveryAvailable: input.delivery_available,
    deliveryRadius: input.delivery_available ? input.delivery_radius : null,
    pickupInstructions: input.pickup_instructions,
    ...(await locate(ctx, input)),
  };
}

/** `today` is read before any transaction: settings come through ctx.db, which a transaction on PGlite would block. */
async function ownProfile(ctx: AppContext, userId: number, today: string, db = ctx.db) {
  const producer = await repo.findProducerByUserId(db, userId);
  if (!producer) throw notFound(PROFILE_NOT_FOUND);
  const [certifications, rating, decision] = await Promise.all([
    repo.listCertifications(db, producer.id),
    repo.producerRating(db, userId),
    repo.latestVerificationDecision(db, userId),
  ]);
  const latest = decision
    ? { decision: decision.decision, note: decision.note, decided_at: new Date(decision.created_at).toISOString() }
    : null;
  return presentOwnProfile(producer, certifications, rating, today, latest);
}

export const getOwnProfile = async (ctx: AppContext, user: AuthUser) => ownProfile(ctx, user.id, await farmToday(ctx));

export async function createProfile(ctx: AppContext, user: AuthUser, input: ProducerProfileInput) {
  const values = await toValues(ctx, input);
  const today = await farmToday(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (await repo.findProducerByUserId(tx, user.id)) throw conflict(PROFILE_EXISTS);
      await repo.insertProducer(tx, user.id, values);
      return ownProfile(ctx, user.id, today, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PROFILE_EXISTS);
    throw error;
  }
}

export async function updateProfile(ctx: AppContext, user: AuthUser, input: ProducerProfileInput) {
  const values = await toValues(ctx, input);
  const today = await farmToday(ctx);
  const profile = await ctx.db.transaction(async (tx) => {
    const producer = await repo.lockProducerByUserId(tx, user.id);
    if (!producer) throw notFound(PROFILE_NOT_FOUND);
    await assertRegulatedProductsStayLegal(tx, producer.id, input.state);
    await repo.updateProducer(tx, user.id, values);
    return ownProfile(ctx, user.id, today, tx);
  });
  // Product pages carry the farm's name, town and delivery terms (docs/decisions/060).
  forgetAllPublicProducts(ctx);
  return profile;
}

/** A herdshare farm cannot move out of Kentucky (nor a pet-food farm out of Tennessee) with those products live. */
async function assertRegulatedProductsStayLegal(db: AppContext['db'], producerId: number, newState: StateCode) {
  for (const [category, state] of Object.entries(STATE_BOUND_CATEGORIES)) {
    if (state === newState) continue;
    if ((await repo.countActiveProductsInCategories(db, producerId, [category])) > 0) {
      const label = category === 'herdshare' ? 'Herdshare' : 'Pet food';
      throw conflict(
        `${label} products are only allowed in ${STATE_NAMES[state as StateCode]}. Delete them before moving your farm to another state.`,
      );
    }
  }
}

export async function listProducers(ctx: AppContext, query: z.output<typeof ProducerListQuery>) {
  let center: repo.ProducerListFilters['center'];
  const radius = query.radius ?? DEFAULT_PRODUCER_RADIUS;
  if (query.latitude !== undefined && query.longitude !== undefined) {
    center = { latitude: query.latitude, longitude: query.longitude, radius };
  } else if (query.location) {
    const hit = await geocode(ctx, query.location);
    if (!hit) throw badRequest('Could not find that location. Try a ZIP code or "Town, ST".', 'location');
    center = { latitude: hit.latitude, longitude: hit.longitude, radius };
  }
  const { rows, total } = await repo.listProducers(ctx.db, {
    center,
    category: query.category,
    certified: query.certified,
    today: await farmToday(ctx),
    limit: query.limit ?? 20,
    offset: query.offset ?? 0,
  });
  return {
    producers: rows.map((r) => presentListItem(r.producer, r.productCount, r.distance === null ? null : Number(r.distance))),
    total,
  };
}

async function requireOwnProducer(ctx: AppContext, user: AuthUser, db = ctx.db) {
  const producer = await repo.findProducerByUserId(db, user.id);
  if (!producer) throw forbidden(CREATE_PROFILE_FIRST);
  return producer;
}

/** New certifications wait for an admin: status pending (spec 02 §4). */
export async function addCertification(ctx: AppContext, user: AuthUser, input: CertificationInput) {
  const today = await farmToday(ctx);
  return ctx.db.transaction(async (tx) => {
    const producer = await requireOwnProducer(ctx, user, tx);
    const row = await repo.insertCertification(tx, {
      producerId: producer.id,
      certificationType: input.certification_type,
      certificationName: input.certification_name,
      issuingAuthority: input.issuing_authority,
      certificateNumber: input.certificate_number,
      issueDate: input.issue_date,
      expiryDate: input.expiry_date,
    });
    return { certification: presentOwnCertification(row, today) };
  });
}

export async function deleteCertification(ctx: AppContext, user: AuthUser, id: number) {
  await ctx.db.transaction(async (tx) => {
    const producer = await requireOwnProducer(ctx, user, tx);
    const certification = await repo.findCertification(tx, id);
    if (!certification) throw notFound('Certification not found');
    if (certification.producerId !== producer.id) throw forbidden('You can only delete your own certifications');
    await repo.deleteCertification(tx, id);
  });
  return { message: 'Certification deleted' };
}

export const RESUBMIT_NOT_ALLOWED = 'Only an application that was not approved or that needs more information can be resubmitted';

/**
 * The farmer sends a rejected or more-info application back to the admin queue with a note of what
 * changed; it is kept in the application's history with the admins' decisions.
 */
export async function resubmitApplication(ctx: AppContext, user: AuthUser, input: ResubmitApplicationRequest) {
  const today = await farmToday(ctx);
  return ctx.db.transaction(async (tx) => {
    const producer = await repo.lockProducerByUserId(tx, user.id);
    if (!producer) throw notFound(PROFILE_NOT_FOUND);
    if (producer.verificationStatus !== 'rejected' && producer.verificationStatus !== 'more_info') {
      throw conflict(RESUBMIT_NOT_ALLOWED);
    }
    await repo.resubmitApplication(tx, producer.id, user.id, input.note);
    return ownProfile(ctx, user.id, today, tx);
  });
}
