import { PickupTab } from '@/features/orders/components/pickup-tab';
import ProfilePage from '@/features/producers/pages/profile-page';

/** /profile: the producer's own area, its pickup tab from the orders feature. */
export default function ComposedProfilePage() {
  return <ProfilePage pickupTab={<PickupTab />} />;
}
