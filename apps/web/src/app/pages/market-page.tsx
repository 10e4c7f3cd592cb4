import { MarketOfferSection } from '@/features/market-basket/components/market-offer-section';
import MarketPage from '@/features/markets/pages/market-page';

/** /markets/{slug}: the market's page with "This Saturday at the market", the market basket (issue 49). */
export default function ComposedMarketPage() {
  return <MarketPage basket={(market) => <MarketOfferSection marketId={market.id} />} />;
}
