import {
  MAP_WARNING,
  type OwnCertification,
  type OwnProducerProfile,
  type ProducerListItem,
  type PublicCertification,
  type PublicProducerProfile,
} from '@farmstand/shared/schemas/producers';
import type { Product } from '@farmstand/shared/schemas/products';
import type { CertificationRow, ProducerRow, ProducerWithOwner } from './producers.repository';

type Rating = { average_rating: number | null; review_count: number };

/** Computed, never typed in: every field the spec requires is filled (docs/decisions/035). */
export function isProfileComplete(p: Pick<ProducerRow, 'farmName' | 'address' | 'city' | 'state' | 'zip'>): boolean {
  return [p.farmName, p.address, p.city, p.state, p.zip].every((v) => typeof v === 'string' && v.trim() !== '');
}

export function presentPublicCertification(c: CertificationRow): PublicCertification {
  return {
    id: c.id,
    certification_type: c.certificationType as PublicCertification['certification_type'],
    certification_name: c.certificationName,
    issuing_authority: c.issuingAuthority,
    issue_date: c.issueDate,
    expiry_date: c.expiryDate,
    verified_by_admin: c.status === 'verified',
    status: c.status,
  };
}

export function presentOwnCertification(c: CertificationRow): OwnCertification {
  return {
    ...presentPublicCertification(c),
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

export function presentOwnProfile(p: ProducerWithOwner, certifications: CertificationRow[], rating: Rating): OwnProducerProfile {
  return {
    ...presentBase(p, rating, certifications.length, true),
    address: p.address,
    verification_status: p.verificationStatus,
    verification_notes: p.verificationNotes,
    certifications: certifications.map(presentOwnCertification),
    map_warning: p.latitude === null || p.longitude === null ? MAP_WARNING : null,
  };
}

export function presentPublicProfile(
  p: ProducerWithOwner,
  certifications: CertificationRow[],
  products: Product[],
  rating: Rating,
  showContact: boolean,
): PublicProducerProfile {
  return {
    ...presentBase(p, rating, certifications.length, showContact),
    certifications: certifications.map(presentPublicCertification),
    products,
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
