import { ContactProducerButton } from '@/features/messages/components/contact-producer';
import { PickupInfo } from '@/features/orders/components/pickup-info';
import PublicProducerPage from '@/features/producers/pages/public-producer-page';
import { ReviewsSection } from '@/features/reviews/components/reviews-section';

/** /producer/{id}: the producers' public farm page, with contact, pickup times and reviews from their features. */
export default function ComposedProducerPage() {
  return (
    <PublicProducerPage
      contact={(producer) => (
        <ContactProducerButton producerUserId={producer.user_id} producerName={producer.farm_name} className="w-full sm:w-auto" />
      )}
      pickup={(producer, intro) => <PickupInfo producerUserId={producer.user_id} intro={intro} />}
      reviews={(producer) => <ReviewsSection target={{ producerId: producer.user_id }} ownerUserId={producer.user_id} />}
    />
  );
}
