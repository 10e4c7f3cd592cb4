import { FarmBenefitBadges } from '@/features/benefits/components/benefit-badges';
import { PlannedBenefitsField } from '@/features/benefits/components/planned-benefits-field';
import { PickupInfo } from '@/features/checkout/components/pickup-info';
import { CsaJoinCard } from '@/features/csa/components/csa-join-card';
import { ContactProducerButton } from '@/features/messages/components/contact-producer';
import PublicProducerPage from '@/features/producers/pages/public-producer-page';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';

/**
 * /producer/{id}: the producers' public farm page, with contact, pickup times (and the farm's CSA
 * share plans and the benefits it takes at pickup beside them) and reviews from their features.
 */
export default function ComposedProducerPage() {
  return (
    <PublicProducerPage
      contact={(producer) => (
        <ContactProducerButton producerUserId={producer.user_id} producerName={producer.farm_name} className="w-full sm:w-auto" />
      )}
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
