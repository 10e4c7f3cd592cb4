import { ProductBenefitBadges } from '@/features/benefits/components/benefit-badges';
import ProductPage from '@/features/catalog/pages/product-page';
import { PickupInfo } from '@/features/checkout/components/pickup-info';
import { ReserveCard } from '@/features/checkout/components/reserve-card';
import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { ShareReserveCard } from '@/features/meat-shares/components/share-reserve-card';
import { ContactProducerButton } from '@/features/messages/components/contact-producer';
import { ProductInquiryForm } from '@/features/messages/components/inquiry-form';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';

/**
 * /product/{id}: the catalogue's page, with reserving (the one primary action: a share of an
 * animal on its own card, and below it the
 * benefits that can pay for this product at pickup), the favourite heart, the contact button, a question to the farm
 * (the inquiry form), pickup times and reviews from their features (decision 533).
 */
export default function ComposedProductPage() {
  return (
    <ProductPage
      reserve={(product) => (
        <>
          {product.share ? (
            <ShareReserveCard product={{ ...product, share: product.share }} />
          ) : (
            <ReserveCard product={product} />
          )}
          <ProductBenefitBadges product={product} />
        </>
      )}
      favorite={(product) => <FavoriteButton producerId={product.producer_user_id} farmName={product.farm_name} />}
      contact={(product) => (
        <ContactProducerButton
          producerUserId={product.producer_user_id}
          producerName={product.farm_name}
          productId={product.id}
          productName={product.name}
          className="w-full"
        />
      )}
      ask={(product) => <ProductInquiryForm product={product} />}
      pickup={(product) => <PickupInfo producerUserId={product.producer_user_id} compact bare />}
      reviews={(product) => <ReviewsSection target={{ productId: product.id }} ownerUserId={product.producer_user_id} />}
    />
  );
}
