import { CATEGORY_LABELS, DEFAULT_PRODUCER_RADIUS, MAP_CATEGORIES, MAP_RADII, NO_RADIUS_LIMIT } from '@farmstand/shared';
import { SEARCH_BENEFITS, searchBenefitLabels } from '@farmstand/shared/schemas/search-url';
import { type FormEvent, useState } from 'react';
import { FilterFold } from '@/components/ui/filter-fold';
import { PinIcon } from '@/components/ui/pin-icon';
import { runningIncentiveNames, useBenefitTable } from '@/lib/benefit-table';
import type { MapFilters } from '../api';

type Props = {
  filters: MapFilters;
  onFiltersChange: (filters: MapFilters) => void;
  onSearchLocation: (text: string) => void;
  isSearching: boolean;
  /** Asks the browser for the user's position: only when pressed, never on arrival. */
  onLocateMe: () => void;
  isLocating: boolean;
  /** Whether the user's location is known: 'Within:' applies only then (spec 01 §7). */
  hasLocation: boolean;
  /** The farmers markets' own pins, shown or hidden (issue 48). */
  showMarkets: boolean;
  onShowMarketsChange: (show: boolean) => void;
};

const controlClasses =
  'rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

/** The floating panel of /map: location search, 'Verified producers only', 'Within:', 'Product type:' and 'Benefits:'. */
export function MapPanel({
  filters,
  onFiltersChange,
  onSearchLocation,
  isSearching,
  onLocateMe,
  isLocating,
  hasLocation,
  showMarkets,
  onShowMarketsChange,
}: Props) {
  const [text, setText] = useState('');
  // "Takes SNAP", "Takes WIC or Senior coupons", "Takes Kentucky Double Dollars": the incentives running now (decision 516).
  const benefitLabels = searchBenefitLabels(runningIncentiveNames(useBenefitTable()));
  // What narrows the map beyond its defaults: the folded panel's button counts them.
  const setCount = [filters.verifiedOnly, filters.radius !== DEFAULT_PRODUCER_RADIUS, filters.category, filters.benefits].filter(
    Boolean,
  ).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank input is ignored (spec 01 §5).
    if (text.trim()) onSearchLocation(text.trim());
  };
  return (
    <section
      aria-label="Map filters"
      className="absolute left-3 right-3 top-3 z-[1000] rounded-xl border border-stone-200 bg-white/95 p-3 shadow-lg backdrop-blur sm:left-auto sm:w-80 dark:border-stone-700 dark:bg-stone-900/95"
    >
      <form onSubmit={submit} aria-label="Search location" className="flex gap-2">
        <label htmlFor="map-location" className="sr-only">
          Search location
        </label>
        {/* A place, not a product: no product or farm suggestions here (decision 402). */}
        <input
          id="map-location"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search location..."
          className={`${controlClasses} min-w-0 flex-1`}
        />
        <button
          type="submit"
          disabled={isSearching}
          className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {isSearching ? 'Searching…' : 'Go'}
        </button>
      </form>
      <button
        type="button"
        onClick={onLocateMe}
        disabled={isLocating}
        className="mt-2 inline-flex items-center gap-1 rounded-md px-1 py-0.5 text-sm font-semibold text-brand-700 hover:underline disabled:opacity-60 dark:text-green-300"
      >
        <PinIcon className="h-4 w-4" />
        {isLocating ? 'Finding you…' : 'Use my location'}
      </button>
      <MapLegend showMarkets={showMarkets} onShowMarketsChange={onShowMarketsChange} />
      {/* The panel folds (a phone starts folded) so the map can be seen; the place search stays open. */}
      <FilterFold setCount={setCount} folds="always" openClassName="block" buttonClassName="mt-2 py-1.5">
        <label className="mt-3 flex items-center gap-2 text-sm text-stone-800 dark:text-stone-100">
          <input
            type="checkbox"
            checked={filters.verifiedOnly}
            onChange={(event) => onFiltersChange({ ...filters, verifiedOnly: event.target.checked })}
            className="h-4 w-4 accent-brand-700"
          />
          Verified producers only
        </label>
        <div className="mt-3 grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-2 text-sm">
          <label htmlFor="map-radius" className="whitespace-nowrap text-stone-800 dark:text-stone-100">
            Within:
          </label>
          <select
            id="map-radius"
            value={filters.radius}
            onChange={(event) => onFiltersChange({ ...filters, radius: Number(event.target.value) })}
            // Without a place to measure from, the map shows every distance: the select waits for one.
            disabled={!hasLocation}
            aria-describedby={hasLocation ? undefined : 'map-radius-hint'}
            className={`${controlClasses} w-full min-w-0 disabled:opacity-60`}
          >
            {MAP_RADII.map((miles) => (
              <option key={miles} value={miles}>
                {miles === NO_RADIUS_LIMIT ? 'Any distance' : `${miles} miles`}
              </option>
            ))}
          </select>
          {!hasLocation && (
            <p id="map-radius-hint" className="col-span-2 -mt-1 text-xs text-stone-600 dark:text-stone-300">
              Search a place or use your location to limit the distance.
            </p>
          )}
          <label htmlFor="map-category" className="whitespace-nowrap text-stone-800 dark:text-stone-100">
            Product type:
          </label>
          <select
            id="map-category"
            value={filters.category}
            onChange={(event) => onFiltersChange({ ...filters, category: event.target.value })}
            className={`${controlClasses} w-full min-w-0`}
          >
            <option value="">All types</option>
            {MAP_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
          <label htmlFor="map-benefits" className="whitespace-nowrap text-stone-800 dark:text-stone-100">
            <span aria-hidden="true">Benefits:</span>
            <span className="sr-only">Benefits the farm takes at pickup</span>
          </label>
          <select
            id="map-benefits"
            value={filters.benefits}
            onChange={(event) => onFiltersChange({ ...filters, benefits: event.target.value })}
            className={`${controlClasses} w-full min-w-0`}
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
    </section>
  );
}

/**
 * What the pins mean, and the markets' own layer switched on or off: farms are round (green with a
 * check when verified), markets are violet squares. The markup is marker-look.ts's, drawn small.
 */
function MapLegend({ showMarkets, onShowMarketsChange }: Pick<Props, 'showMarkets' | 'onShowMarketsChange'>) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-stone-800 dark:text-stone-100">
      <span className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className="producer-marker producer-marker--verified h-4 w-4 text-[10px]">
          ✓
        </span>
        Farms
      </span>
      <label className="inline-flex items-center gap-1.5">
        <input
          type="checkbox"
          checked={showMarkets}
          onChange={(event) => onShowMarketsChange(event.target.checked)}
          className="h-4 w-4 accent-violet-700"
        />
        <span aria-hidden="true" className="market-marker h-4 w-4" />
        Farmers markets
      </label>
    </div>
  );
}
