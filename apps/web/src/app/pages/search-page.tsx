import { lazy } from 'react';
import { MarketsSearchBlock } from '@/features/markets/components/markets-search-block';
import SearchPage from '@/features/search/pages/search-page';
import { producerCard } from './producer-card';

/** The map view is the map feature's, in a chunk of its own loaded when the map is shown. */
const ProducerResultsMap = lazy(() => import('@/features/map/components/producer-results-map'));

/**
 * /search: the search feature's page, its map view drawn by the map feature, its farms on the producers feature's card,
 * the markets matching its words from the markets feature.
 */
export default function ComposedSearchPage() {
  return (
    <SearchPage
      resultsMap={ProducerResultsMap}
      producerCard={producerCard}
      markets={(words) => <MarketsSearchBlock words={words} />}
    />
  );
}
