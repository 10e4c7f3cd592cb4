import { z } from 'zod';
import { BENEFIT_PROGRAMMES } from '../benefits/programmes';
import { CERTIFICATION_TYPES, STATES } from '../constants/catalog';
import { DELIVERY_RADIUS_MAX } from '../constants/limits';
import { phoneSchema } from './auth';
import { latitudeInput, longitudeInput, optionalQuery, Pagination, radiusInput } from './common';
import { optionalDate, optionalText, requiredText } from './fields';
import { FarmMarket } from './markets';
import { Product } from './products';

/**
 * The producer area's API contract (spec 02 §3, §5, §7).
 * A producer's public id everywhere is its USER id (`user_id`); `id` is the profile row id.
 */

/** Body of POST /api/producers and PUT /api/producers/me. */
export const ProducerProfileRequest = z
  .object({
    farm_name: requiredText(120, 'Farm name'),
    description: optionalText(5000, 'Description'),
    address: requiredText(200, 'Address'),
    city: requiredText(100, 'City'),
    state: z.enum(STATES, { error: `State must be one of ${STATES.join(', ')}` }).default('KY'),
    zip: z
      .string({ error: 'ZIP code is required' })
      .trim()
      .min(1, 'ZIP code is required')
      .regex(/^\d{5}$/, 'ZIP code must be 5 digits'),
    phone: phoneSchema.nullish().transform((v) => v ?? null),
    delivery_available: z.boolean({ error: 'Delivery available must be true or false' }).default(false),
    delivery_radius: z
      .number({ error: 'Delivery radius must be a number' })
      .int('Delivery radius must be a whole number of miles')
      .min(0, 'Delivery radius must be between 0 and 100 miles')
      .max(DELIVERY_RADIUS_MAX, 'Delivery radius must be between 0 and 100 miles')
      .nullish()
      .transform((v) => v ?? null),
    pickup_instructions: optionalText(2000, 'Pickup instructions'),
  })
  .refine((v) => v.delivery_available || v.delivery_radius === null, {
    path: ['delivery_radius'],
    message: 'Delivery radius applies only when delivery is offered',
  });
export type ProducerProfileRequest = z.input<typeof ProducerProfileRequest>;
export type ProducerProfileInput = z.output<typeof ProducerProfileRequest>;

export const CERTIFICATION_STATUSES = ['pending', 'verified', 'rejected', 'expired'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

/** Body of POST /api/producers/me/certifications. */
export const CertificationRequest = z
  .object({
    certification_type: z.enum(CERTIFICATION_TYPES, { error: 'Certification type is required' }),
    certification_name: optionalText(200, 'Certification name'),
    issuing_authority: optionalText(200, 'Issuing authority'),
    certificate_number: optionalText(100, 'Certificate number'),
    issue_date: optionalDate('Issue date'),
    expiry_date: optionalDate('Expiry date'),
  })
  .refine((v) => !v.issue_date || !v.expiry_date || v.expiry_date > v.issue_date, {
    path: ['expiry_date'],
    message: 'Expiry date must be after the issue date',
  });
export type CertificationRequest = z.input<typeof CertificationRequest>;

/** A certification as anyone may see it on a public producer page (only pending and verified are listed). */
export const PublicCertification = z.object({
  id: z.number(),
  certification_type: z.enum(CERTIFICATION_TYPES),
  certification_name: z.string().nullable(),
  issuing_authority: z.string().nullable(),
  issue_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  verified_by_admin: z.boolean(),
  status: z.enum(CERTIFICATION_STATUSES),
});
export type PublicCertification = z.infer<typeof PublicCertification>;

/** The producer's own certification: adds the number, the document and the admin's notes. */
export const OwnCertification = PublicCertification.extend({
  certificate_number: z.string().nullable(),
  document_url: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type OwnCertification = z.infer<typeof OwnCertification>;

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'more_info'] as const;

/** An admin's decision on a producer application; reopen sends a decided one back to the queue. */
export const VERIFICATION_DECISIONS = ['approve', 'reject', 'request_more_info', 'reopen'] as const;
export type VerificationDecision = (typeof VERIFICATION_DECISIONS)[number];

/** The newest admin decision, shown to the farmer with its note. */
export const LatestVerificationDecision = z.object({
  decision: z.enum(VERIFICATION_DECISIONS),
  note: z.string().nullable(),
  decided_at: z.string(),
});

/** Body of POST /api/producers/me/verification/resubmit: what the farmer changed since the decision. */
export const ResubmitApplicationRequest = z.object({
  note: requiredText(2000, 'A note of what you changed'),
});
export type ResubmitApplicationRequest = z.output<typeof ResubmitApplicationRequest>;

/** Fields both views share (spec 02 §3 Producer profile). */
const ProducerProfileBase = z.object({
  id: z.number(),
  user_id: z.number(),
  farm_name: z.string(),
  description: z.string().nullable(),
  city: z.string(),
  state: z.enum(STATES),
  zip: z.string(),
  /** Contact details are shown to signed-in users only; guests get null. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  delivery_available: z.boolean(),
  delivery_radius: z.number().nullable(),
  pickup_instructions: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  profile_complete: z.boolean(),
  /** Approved by an admin as a producer (the map's green tick). */
  verified: z.boolean(),
  certification_count: z.number(),
  average_rating: z.number().nullable(),
  review_count: z.number(),
  created_at: z.string(),
});

/** GET /api/producers/{user_id}: the public profile, with its active public products. */
export const PublicProducerProfile = ProducerProfileBase.extend({
  certifications: z.array(PublicCertification),
  products: z.array(Product),
  /** The benefits the farm takes at pickup today (decision 516): its product cards ask the rules which cover each. */
  benefit_takes: z.array(z.enum([...BENEFIT_PROGRAMMES, 'incentive'])),
  /**
   * The average and count of the approved reviews of the farm's public products (average_rating and
   * review_count above are of the farm itself); the list is GET /api/reviews/producer/{id}/products.
   */
  product_reviews: z.object({ average_rating: z.number().nullable(), review_count: z.number().int() }),
  /** The markets the farm is an approved vendor of (issue 48, decision 581): "At these markets". */
  markets: z.array(FarmMarket),
});
export type PublicProducerProfile = z.infer<typeof PublicProducerProfile>;

/** Shown to the owner of a farm whose address the geocoder could not place. */
export const MAP_WARNING =
  'We could not find this address on the map, so your farm will not appear on the map or in distance searches. Check the street, town and ZIP code.';

/** GET /api/producers/me/profile and the create/update responses: the owner's full view. */
export const OwnProducerProfile = ProducerProfileBase.extend({
  address: z.string(),
  verification_status: z.enum(VERIFICATION_STATUSES),
  verification_notes: z.string().nullable(),
  /** null until an admin has decided. */
  latest_decision: LatestVerificationDecision.nullable(),
  certifications: z.array(OwnCertification),
  /** Set while the address could not be placed on the map: the farm is missing from map searches. */
  map_warning: z.string().nullable(),
});
export type OwnProducerProfile = z.infer<typeof OwnProducerProfile>;

/** GET /api/producers: filters of spec 02 §7 (location is a ZIP or "City, ST", geocoded offline). */
export const ProducerListQuery = Pagination.extend({
  location: optionalQuery(z.string().trim().max(200)),
  latitude: optionalQuery(latitudeInput),
  longitude: optionalQuery(longitudeInput),
  radius: optionalQuery(radiusInput(1000)),
  category: optionalQuery(z.string().trim().max(40)),
  certified: optionalQuery(z.enum(['true', 'false']).transform((v) => v === 'true')),
});
export type ProducerListQuery = z.input<typeof ProducerListQuery>;

export const ProducerListItem = z.object({
  user_id: z.number(),
  farm_name: z.string(),
  description: z.string().nullable(),
  city: z.string(),
  state: z.enum(STATES),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  profile_image_url: z.string().nullable(),
  delivery_available: z.boolean(),
  verified: z.boolean(),
  product_count: z.number(),
  distance: z.number().nullable(),
});
export type ProducerListItem = z.infer<typeof ProducerListItem>;

export const ProducerListResponse = z.object({ producers: z.array(ProducerListItem), total: z.number() });
export type ProducerListResponse = z.infer<typeof ProducerListResponse>;

export const CertificationCreatedResponse = z.object({ certification: OwnCertification });

/** POST /api/images/producers/profile: multipart `image` + `imageType` (only 'profile' exists). */
export const PROFILE_IMAGE_TYPES = ['profile'] as const;
export const ProfileImageResponse = z.object({ imageUrl: z.string(), imageType: z.enum(PROFILE_IMAGE_TYPES) });
