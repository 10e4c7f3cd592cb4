import {
  MAP_WARNING,
  type OwnCertification,
  type OwnProducerProfile,
  type ProducerListItem,
  type PublicCertification,
  type PublicProducerProfile,
} from '@farmstand/shared/schemas/producers';
import type { Product } from '@farmstand/shared/schemas/products';
import { certificationStatus, PUBLIC_CERTIFICATION_STATUSES } from './certification-validity';
import type { CertificationRow, ProducerRow, ProducerWithOwner } from './producers.repository';

type Rating = { average_rating: number | null; review_count: number };

/** Computed, never typed in: every field the spec requires is filled (docs/decisions/035). */
export function isProfileComplete(p: Pick<ProducerRow, 'farmName' | 'address' | 'city' | 'state' | 'zip'>): boolean {
  return [p.farmName, p.address, p.city, p.state, p.zip].every((v) => typeof v === 'string' && v.trim() !== '');
}

/** `today` is the farms' local day (farmToday): the status shown is the one the expiry rule gives today. */
export function presentPublicCertification(c: CertificationRow, today: string): PublicCertification {
  const status = certificationStatus(c.status, c.expiryDate, today);
  return {
    id: c.id,
    certification_type: c.certificationType as PublicCertification['certification_type'],
    certification_name: c.certificationName,
    issuing_authority: c.issuingAuthority,
    issue_date: c.issueDate,
    expiry_date: c.expiryDate,
    verified_by_admin: status === 'verified',
    status,
  };
}

export function presentOwnCertification(c: CertificationRow, today: string): OwnCertification {
  return {
    ...presentPublicCertification(c, today),
    certificate_number: c.certificateNumber,
    document_url: c.documentUrl,
    notes: c.notes,
    created_at: c.createdAt.toISOString(),
  };
}

function presentBase(p: ProducerWithOwner, rating: Rating, certificationCount: number, showContact: boolean) {
  return {
    id: p.id,
    user_id: p.userId,
    farm_name: p.farmName,
    description: p.description,
    city: p.city,
    state: p.state as OwnProducerProfile['state'],
    zip: p.zip,
    phone: showContact ? p.phone : null,
    email: showContact ? p.email : null,
    latitude: p.latitude,
    longitude: p.longitude,
    delivery_available: p.deliveryAvailable,
    delivery_radius: p.deliveryAvailable ? p.deliveryRadius : null,
    pickup_instructions: p.pickupInstructions,
    profile_image_url: p.profileImageUrl,
    profile_complete: isProfileComplete(p),
    verified: p.verificationStatus === 'approved',
    certification_count: certificationCount,
    average_rating: rating.average_rating,
    review_count: rating.review_count,
    created_at: p.createdAt.toISOString(),
  };
}

export function presentOwnProfile(
  p: ProducerWithOwner,
  certifications: CertificationRow[],
  rating: Rating,
  today: string,
  latestDecision: OwnProducerProfile['latest_decision'],
): OwnProducerProfile {
  return {
    ...presentBase(p, rating, certifications.length, true),
    address: p.address,
    verification_status: p.verificationStatus,
    verification_notes: p.verificationNotes,
    latest_decision: latestDecision,
    certifications: certifications.map((c) => presentOwnCertification(c, today)),
    map_warning: p.latitude === null || p.longitude === null ? MAP_WARNING : null,
  };
}

export function presentPublicProfile(
  p: ProducerWithOwner,
  certifications: CertificationRow[],
  products: Product[],
  rating: Rating,
  showContact: boolean,
  today: string,
  benefitTakes: PublicProducerProfile['benefit_takes'],
  productReviews: Rating,
): Omit<PublicProducerProfile, 'markets'> {
  // Only pending and verified ones are public: one past its expiry date drops off the page today.
  const shown = certifications
    .map((c) => presentPublicCertification(c, today))
    .filter((c) => (PUBLIC_CERTIFICATION_STATUSES as readonly string[]).includes(c.status));
  return {
    ...presentBase(p, rating, shown.length, showContact),
    certifications: shown,
    products,
    benefit_takes: benefitTakes,
    product_reviews: productReviews,
  };
}

export function presentListItem(p: ProducerRow, productCount: number, distance: number | null): ProducerListItem {
  return {
    user_id: p.userId,
    farm_name: p.farmName,
    description: p.description,
    city: p.city,
    state: p.state as ProducerListItem['state'],
    latitude: p.latitude,
    longitude: p.longitude,
    profile_image_url: p.profileImageUrl,
    delivery_available: p.deliveryAvailable,
    verified: p.verificationStatus === 'approved',
    product_count: productCount,
    distance: distance === null ? null : Math.round(distance * 10) / 10,
  };
}
