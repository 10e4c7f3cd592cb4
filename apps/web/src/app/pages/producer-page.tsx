import { FarmBenefitBadges } from '@/features/benefits/components/benefit-badges';
import { PlannedBenefitsField } from '@/features/benefits/components/planned-benefits-field';
import { PickupInfo } from '@/features/checkout/components/pickup-info';
import { CsaJoinCard } from '@/features/csa/components/csa-join-card';
import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { FavoriteCount } from '@/features/favorites/components/favorite-count';
import { ContactProducerButton } from '@/features/messages/components/contact-producer';
import PublicProducerPage from '@/features/producers/pages/public-producer-page';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';

/**
 * /producer/{id}: the producers' public farm page, with contact, the favourite heart and count, pickup times (and the farm's CSA
 * share plans and the benefits it takes at pickup beside them) and reviews from their features.
 */
export default function ComposedProducerPage() {
  return (
    <PublicProducerPage
      contact={(producer) => (
        <ContactProducerButton producerUserId={producer.user_id} producerName={producer.farm_name} className="w-full sm:w-auto" />
      )}
      favorite={(producer) => <FavoriteButton producerId={producer.user_id} farmName={producer.farm_name} className="shrink-0" />}
      favoriteCount={(producer) => <FavoriteCount producerId={producer.user_id} />}
      pickup={(producer, intro) => (
        <>
          <PickupInfo producerUserId={producer.user_id} intro={intro} />
          <CsaJoinCard producerUserId={producer.user_id} plannedBenefits={(choice) => <PlannedBenefitsField {...choice} />} />
          <FarmBenefitBadges producerUserId={producer.user_id} />
        </>
      )}
      reviews={(producer) => <ReviewsSection target={{ producerId: producer.user_id }} ownerUserId={producer.user_id} />}
    />
  );
}
