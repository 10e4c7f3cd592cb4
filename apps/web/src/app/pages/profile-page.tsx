import { ProducerBenefitsForm } from '@/features/benefits/components/producer-benefits-form';
import { PickupTab } from '@/features/pickup-day/components/pickup-tab';
import ProfilePage from '@/features/producers/pages/profile-page';

/** /profile: the producer's own area, its pickup tab from the orders feature, its benefits tab from the benefits feature. */
export default function ComposedProfilePage() {
  return <ProfilePage pickupTab={<PickupTab />} benefitsTab={<ProducerBenefitsForm />} />;
}
