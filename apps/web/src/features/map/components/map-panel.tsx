import { CATEGORY_LABELS, MAP_CATEGORIES, MAP_RADII, NO_RADIUS_LIMIT } from '@farmstand/shared';
import { type FormEvent, useState } from 'react';
import { SearchSuggestInput } from '../../search/components/search-suggest-input';
import type { MapFilters } from '../api';

type Props = {
  filters: MapFilters;
  onFiltersChange: (filters: MapFilters) => void;
  onSearchLocation: (text: string) => void;
  isSearching: boolean;
};

const controlClasses =
  'rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

/** The floating panel of /map: location search, 'Verified producers only', 'Within:' and 'Product type:'. */
export function MapPanel({ filters, onFiltersChange, onSearchLocation, isSearching }: Props) {
  const [text, setText] = useState('');
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
        {/* Type-ahead suggests products, farms and categories; Enter on the typed text searches the place. */}
        <div className="min-w-0 flex-1">
          <SearchSuggestInput
            id="map-location"
            value={text}
            onValueChange={setText}
            onCategory={(category) => onFiltersChange({ ...filters, category })}
            placeholder="Search location..."
            className={`${controlClasses} w-full`}
          />
        </div>
        <button
          type="submit"
          disabled={isSearching}
          className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {isSearching ? 'Searching…' : 'Go'}
        </button>
      </form>
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
          className={`${controlClasses} w-full min-w-0`}
        >
          {MAP_RADII.map((miles) => (
            <option key={miles} value={miles}>
              {miles === NO_RADIUS_LIMIT ? 'Any distance' : `${miles} miles`}
            </option>
          ))}
        </select>
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
      </div>
    </section>
  );
}
