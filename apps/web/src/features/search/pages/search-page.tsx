import { DEFAULT_PRODUCER_RADIUS, PRODUCER_LIST_PAGE_SIZE, PRODUCER_RADII } from '@farmstand/shared';
import type { ProducerSearchItem } from '@farmstand/shared/schemas/search';
import { PRODUCER_SEARCH_URL, readUrlParams, SEARCH_BENEFITS, searchBenefitLabels } from '@farmstand/shared/schemas/search-url';
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { inputClasses } from '@/components/ui/field';
import { FilterFold } from '@/components/ui/filter-fold';
import { AlertIcon } from '@/components/ui/icons';
import { track } from '@/lib/analytics';
import { runningIncentiveNames, useBenefitTable } from '@/lib/benefit-table';
import { usePublicPageTitle } from '@/lib/document-title';
import { firstPictured } from '@/lib/first-picture';
import { LocationPanel } from '@/shared/location-panel';
import { SearchSuggestInput } from '@/shared/search-suggest-input';
import { type UserLocation, useUserLocation } from '@/shared/user-location';
import { useProducerSearch } from '../api';
import { ViewToggle } from '../components/view-toggle';

/** The map view of the results: the map feature draws it, composed in app/pages/search-page.tsx (a lazy chunk). */
export type ResultsMap = ComponentType<{ producers: ProducerSearchItem[]; location: UserLocation | null }>;

/** /search: producers near a location, by text, radius and the benefits they take, as a list or on a map (spec 01 §2). */
export default function SearchPage({
  resultsMap: ProducerResultsMap,
  producerCard,
  markets,
}: {
  resultsMap: ResultsMap;
  /** The markets feature's block of markets matching the words (composed in app/pages). */
  markets?: (words: string) => ReactNode;
  /** The producers feature's card with the favorites feature's heart (composed in app/pages). */
  producerCard: (producer: ProducerSearchItem, eager: boolean) => ReactNode;
}) {
  usePublicPageTitle('/search');
  // "Takes SNAP", "Takes WIC or Senior coupons", "Takes Kentucky Double Dollars": the incentives running now (decision 516).
  const benefitLabels = searchBenefitLabels(runningIncentiveNames(useBenefitTable()));
  const [params, setParams] = useSearchParams();
  const { location, setLocation } = useUserLocation();
  // A value the page does not offer (radius=7, an old link) is ignored like an empty one.
  // `q` is the common name of a search's words (/search?q=eggs from a link or another site): read as `search`.
  const url = readUrlParams(params, { ...PRODUCER_SEARCH_URL, q: PRODUCER_SEARCH_URL.search });
  const search = url.search ?? url.q ?? '';
  const [text, setText] = useState(search);
  // A new address (the header's search, the back button) brings its words into the field.
  useEffect(() => setText(search), [search]);
  const radius = url.radius ?? DEFAULT_PRODUCER_RADIUS;
  const view = url.view ?? 'list';
  const benefits = url.benefits ?? '';
  const setCount = [radius !== DEFAULT_PRODUCER_RADIUS, benefits].filter(Boolean).length;

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const query = useProducerSearch({
    search: search || undefined,
    radius,
    latitude: location?.latitude,
    longitude: location?.longitude,
    benefits: benefits || undefined,
  });
  const producers = query.data?.producers ?? [];
  const total = query.data?.total ?? 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle subtitle="Farms, bakers and makers near you. Search by name or by what they sell.">
        Find Local Producers
      </PageTitle>
      <div className="grid gap-4 lg:grid-cols-[1fr_auto]">
        <LocationPanel
          location={location}
          onChange={setLocation}
          hint={location ? `Showing producers within ${radius} miles` : 'Set a location to see distances'}
        />
        <form
          aria-label="Search producers"
          className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm md:flex-row md:items-end lg:w-[42rem] dark:border-stone-800 dark:bg-stone-900"
          onSubmit={(event) => {
            event.preventDefault();
            update({ search: text.trim() || null, q: null });
            track('search_performed', { searchQuery: text.trim(), radius, filters: { view } });
          }}
        >
          <div className="flex-1">
            <label htmlFor="producer-search" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              Search
            </label>
            <SearchSuggestInput
              id="producer-search"
              value={text}
              onValueChange={setText}
              placeholder="Farm or food"
              className={`${inputClasses} mt-1`}
            />
          </div>
          {/* On a phone the radius and benefit fold behind one button, so the first farms show on the first screen. */}
          <FilterFold setCount={setCount} openClassName="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="producer-radius" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                Radius
              </label>
              <select
                id="producer-radius"
                value={radius}
                onChange={(event) => update({ radius: event.target.value })}
                className={`${inputClasses} mt-1`}
              >
                {PRODUCER_RADII.map((miles) => (
                  <option key={miles} value={miles}>
                    {miles} miles
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="producer-benefits" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                <span aria-hidden="true">Benefits</span>
                <span className="sr-only">Benefits the farm takes at pickup</span>
              </label>
              <select
                id="producer-benefits"
                value={benefits}
                onChange={(event) => update({ benefits: event.target.value })}
                className={`${inputClasses} mt-1`}
              >
                <option value="">All</option>
                {SEARCH_BENEFITS.map((benefit) => (
                  <option key={benefit} value={benefit}>
                    {benefitLabels[benefit]}
                  </option>
                ))}
              </select>
            </div>
          </FilterFold>
          <button type="submit" className="sr-only">
            Search
          </button>
        </form>
      </div>

      {markets?.(search)}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
          {query.isSuccess && `${total} producer${total === 1 ? '' : 's'} found`}
        </p>
        <ViewToggle view={view} onChange={(next) => update({ view: next === 'map' ? 'map' : null })} />
      </div>

      <div className="mt-4">
        {query.isPending ? (
          <Spinner label="Searching producers…" />
        ) : query.isError ? (
          <EmptyState title="Failed to search producers" icon={AlertIcon}>
            Please try again in a moment.
          </EmptyState>
        ) : producers.length === 0 ? (
          <EmptyState title="No producers found">
            {benefits
              ? 'Try another benefit, a wider radius or a different search.'
              : location
                ? 'Try a wider radius or a different search.'
                : 'Try a different search or set your location.'}
          </EmptyState>
        ) : view === 'map' ? (
          <Suspense fallback={<Spinner label="Loading map…" />}>
            <ProducerResultsMap producers={producers} location={location} />
          </Suspense>
        ) : (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {producers.map((producer, index) => (
              <li key={producer.user_id}>
                {producerCard(producer, index === firstPictured(producers, (p) => p.profile_image_url))}
              </li>
            ))}
          </ul>
        )}
        {query.isSuccess && producers.length > 0 && (
          <ShowMore
            shown={producers.length}
            total={total}
            hasMore={query.hasNextPage}
            isLoading={query.isFetchingNextPage}
            onMore={() => query.fetchNextPage()}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Every producer the count says can be reached (decision 530): "Showing 50 of 52 producers" and a
 * button for the next page, in the list and on the map alike. The button stays where it is, so
 * focus stays on it and the cards added above it are read after the count.
 */
function ShowMore({
  shown,
  total,
  hasMore,
  isLoading,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  isLoading: boolean;
  onMore: () => void;
}) {
  if (!hasMore && shown >= total) return null;
  const next = Math.min(PRODUCER_LIST_PAGE_SIZE, total - shown);
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <p className="text-sm text-stone-600 dark:text-stone-300">
        Showing {shown} of {total} producers
      </p>
      {hasMore && (
        <Button variant="secondary" onClick={onMore} disabled={isLoading}>
          {isLoading ? 'Loading more…' : `Show ${next} more`}
        </Button>
      )}
    </div>
  );
}
