import MarketOfficePage from '@/features/market-office/pages/market-office-page';
import { PickupDayTab } from '@/features/market-pickup/components/pickup-day-tab';

/** /market-office/{id}: one market's office, its Pickup day tab the market-pickup feature's (issue 49). */
export default function ComposedMarketOfficePage() {
  return <MarketOfficePage pickupDay={(marketId) => <PickupDayTab marketId={marketId} />} />;
}
