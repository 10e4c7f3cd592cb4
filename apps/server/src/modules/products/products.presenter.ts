import { type Cents, toDollars, toDollarsOrNull } from '@farmstand/shared/format/money';
import type { Product } from '@farmstand/shared/schemas/products';
import { type ShareOffer, type ShareTerms, shareEstimateCents } from '@farmstand/shared/schemas/shares';
import type { ProductWithProducer } from './products.repository';

export type PresentOptions = {
  /** Contact details go to signed-in viewers only (docs/decisions/033). */
  showContact: boolean;
};

/** What leaves the server about a product (spec 01 §3 Product plus the producer fields). */
export function presentProduct(row: ProductWithProducer, options: PresentOptions): Product {
  const { product, producer } = row;
  return {
    id: product.id,
    producer_id: product.producerId,
    producer_user_id: producer.userId,
    name: product.name,
    category: product.category as Product['category'],
    description: product.description,
    price: toDollarsOrNull(product.priceCents),
    price_unit: product.priceUnit,
    availability: product.availability as Product['availability'],
    stock_quantity: product.stockQuantity,
    day_limit: product.dayLimit,
    weight_unit: product.weightUnit,
    pack_min: product.packMin === null ? null : Number(product.packMin),
    pack_max: product.packMax === null ? null : Number(product.packMax),
    price_from: product.priceFrom,
    variants: row.variants.map((v) => ({
      id: v.id,
      name: v.name,
      price: toDollarsOrNull(v.price_cents),
      price_unit: v.price_unit,
      weight_unit: v.weight_unit,
      pack_min: v.pack_min === null ? null : Number(v.pack_min),
      pack_max: v.pack_max === null ? null : Number(v.pack_max),
      stock_quantity: v.stock_quantity,
      availability: v.availability,
    })),
    inspection: product.inspection,
    establishment_number: product.establishmentNumber,
    share: product.share === null ? null : presentShareOffer(product.share, product.priceCents ?? 0, row.sharesTaken),
    origin_state: product.originState,
    tax_class: product.taxClass,
    primary_image_url: product.primaryImageUrl,
    additional_images: product.additionalImages,
    ingredients: product.ingredients,
    allergens: product.allergens,
    net_quantity: product.netQuantity === null ? null : Number(product.netQuantity),
    net_unit: product.netUnit as Product['net_unit'],
    ingredient_list: product.ingredientList,
    allergens_confirmed_absent: product.allergensConfirmedAbsent as Product['allergens_confirmed_absent'],
    seller_type: product.sellerType as Product['seller_type'],
    required_certifications: product.requiredCertifications,
    seasonal_start: product.seasonalStart,
    seasonal_end: product.seasonalEnd,
    pickup_instructions: product.pickupInstructions,
    active: product.active,
    moderation_status: product.moderationStatus,
    moderation_reason: product.moderationStatus === 'removed' ? product.moderationReason : null,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
    farm_name: producer.farmName,
    city: producer.city,
    state: producer.state as Product['state'],
    delivery_available: producer.deliveryAvailable,
    delivery_radius: producer.deliveryAvailable ? producer.deliveryRadius : null,
    producer_email: options.showContact ? row.email : null,
    producer_phone: options.showContact ? producer.phone : null,
    producer_pickup_instructions: producer.pickupInstructions,
    producer_verified: producer.verificationStatus === 'approved',
  };
}

/** A share product's terms with the shares left (decision 512). */
export function presentShareOffer(terms: ShareTerms, pricePerLbCents: Cents, taken: number): ShareOffer {
  const total = terms.animals_available * terms.parts;
  return {
    ...terms,
    shares_total: total,
    shares_left: Math.max(0, total - taken),
    estimate: toDollars(shareEstimateCents(pricePerLbCents, terms)),
  };
}
