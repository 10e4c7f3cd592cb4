import {
  CATEGORY_LABELS,
  PRODUCT_CATEGORIES,
  PRODUCT_LOCATION_RADIUS,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SKELETON_COUNT,
} from '@farmstand/shared';
import { PRODUCT_SORT_LABELS, PRODUCT_SORTS, SEARCH_BENEFITS, searchBenefitLabels } from '@farmstand/shared/schemas/search-url';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, PageTitle } from '@/components/ui/card';
import { Deferred } from '@/components/ui/deferred';
import { inputClasses } from '@/components/ui/field';
import { FilterFold } from '@/components/ui/filter-fold';
import { AlertIcon } from '@/components/ui/icons';
import { PinIcon } from '@/components/ui/pin-icon';
import { track } from '@/lib/analytics';
import { runningIncentiveNames, useBenefitTable } from '@/lib/benefit-table';
import { usePublicPageTitle } from '@/lib/document-title';
import { firstPictured } from '@/lib/first-picture';
import { LocationPanel } from '@/shared/location-panel';
import { SearchSuggestInput } from '@/shared/search-suggest-input';
import { useProductSearch } from '../api';
import { Pagination } from '../components/pagination';
import { ProductCard, ProductCardSkeleton } from '../components/product-card';
import { DEFAULT_AVAILABILITY, useProductUrlFilters } from '../product-url-filters';

/** Cards drawn with the page's first paint: a phone's screen, a wide screen's first row. */
const FIRST_CARDS = 4;

const AVAILABILITY_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'available', label: 'Available' },
  { value: 'pre_order', label: 'Pre-order' },
  { value: 'seasonal', label: 'Seasonal' },
];

/**
 * /products: browse with category, text, availability, benefit and location filters, 20 per page
 * (spec 01 §2), in the order asked for; 'Distance' is offered once a location is set.
 */
export default function ProductsPage() {
  usePublicPageTitle('/products');
  // "Takes SNAP", "Takes WIC or Senior coupons", "Takes Kentucky Double Dollars": the incentives running now (decision 516).
  const benefitLabels = searchBenefitLabels(runningIncentiveNames(useBenefitTable()));
  const url = useProductUrlFilters();
  const [text, setText] = useState(url.filters.search);
  const [showLocation, setShowLocation] = useState(url.location !== null);
  const query = useProductSearch(url.filters);
  const total = query.data?.total ?? 0;
  const eagerCard = firstPictured(query.data?.products ?? [], (product) => product.primary_image_url);
  const pageCount = Math.ceil(total / PRODUCT_PAGE_SIZE);
  // ?page past the last page (an old link, a shrunk catalogue) moves to the last page instead of
  // showing the total above 'No products found' (decision 131).
  const isPastLastPage = query.isSuccess && !query.isPlaceholderData && total > 0 && url.filters.page > pageCount;
  const { setPage } = url;
  useEffect(() => {
    if (isPastLastPage) setPage(pageCount, { replace: true });
  }, [isPastLastPage, pageCount, setPage]);

  // The filters that narrow the list beyond the page's defaults: the folded button counts them.
  const setCount = [
    url.filters.category,
    url.availabilityValue !== DEFAULT_AVAILABILITY,
    url.filters.benefits,
    url.filters.sort !== 'relevance',
    url.location,
  ].filter(Boolean).length;

  // Keep the box in step when the URL changes from outside (back button, shared link).
  useEffect(() => setText(url.filters.search), [url.filters.search]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle subtitle="Eggs, bread, honey, produce and more from local producers.">Browse Products</PageTitle>
      <section
        aria-label="Product filters"
        className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-end dark:border-stone-800 dark:bg-stone-900"
      >
        <form
          aria-label="Search products"
          onSubmit={(event) => {
            event.preventDefault();
            url.setSearch(text.trim());
            track('search_performed', { searchQuery: text.trim(), filters: { category: url.filters.category } });
          }}
          className="sm:col-span-2 lg:col-span-1"
        >
          <label htmlFor="product-search" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
            Search
          </label>
          <div className="mt-1 flex gap-2">
            <SearchSuggestInput
              id="product-search"
              value={text}
              onValueChange={setText}
              onCategory={(category) => url.setCategory(category)}
              placeholder="Eggs, honey, bread…"
              className={inputClasses}
            />
            <Button type="submit">Search</Button>
          </div>
        </form>
        {/* On a phone the filters fold behind one button, so the first results show on the first screen. */}
        <FilterFold setCount={setCount} buttonClassName="sm:col-span-2" openClassName="grid gap-3 sm:col-span-2 sm:grid-cols-2">
          <div>
            <label htmlFor="product-category" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              Category
            </label>
            <select
              id="product-category"
              value={url.filters.category}
              onChange={(event) => url.setCategory(event.target.value)}
              className={`${inputClasses} mt-1`}
            >
              <option value="">All categories</option>
              {PRODUCT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="product-availability" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              Availability
            </label>
            <select
              id="product-availability"
              value={url.availabilityValue}
              onChange={(event) => url.setAvailability(event.target.value)}
              className={`${inputClasses} mt-1`}
            >
              {AVAILABILITY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="product-benefits" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              <span aria-hidden="true">Benefits</span>
              <span className="sr-only">Benefits the farm takes at pickup</span>
            </label>
            <select
              id="product-benefits"
              value={url.filters.benefits}
              onChange={(event) => url.setBenefits(event.target.value)}
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
          <div>
            <label htmlFor="product-sort" className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              Sort by
            </label>
            <select
              id="product-sort"
              value={url.filters.sort}
              onChange={(event) => url.setSort(event.target.value as (typeof PRODUCT_SORTS)[number])}
              className={`${inputClasses} mt-1`}
            >
              {PRODUCT_SORTS.filter((sort) => sort !== 'distance' || url.location).map((sort) => (
                <option key={sort} value={sort}>
                  {PRODUCT_SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant={showLocation ? 'primary' : 'secondary'}
            aria-expanded={showLocation}
            onClick={() => setShowLocation((v) => !v)}
          >
            <PinIcon /> Search by Location
          </Button>
        </FilterFold>
      </section>

      {showLocation && (
        <LocationPanel
          className="mt-4"
          location={url.location}
          onChange={url.setLocation}
          hint={`Products within ${PRODUCT_LOCATION_RADIUS} miles`}
        />
      )}

      <p className="mt-6 text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
        {query.isSuccess &&
          !isPastLastPage &&
          `${total} product${total === 1 ? '' : 's'}${url.location ? ` within ${PRODUCT_LOCATION_RADIUS} miles` : ''}`}
      </p>

      <div className="mt-3">
        {query.isPending || isPastLastPage ? (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label="Loading products">
            {Array.from({ length: PRODUCT_SKELETON_COUNT }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
              <li key={i}>
                <ProductCardSkeleton />
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <EmptyState title="Failed to load products" icon={AlertIcon}>
            Please try again in a moment.
          </EmptyState>
        ) : query.data.products.length === 0 ? (
          <EmptyState title="No products found">Try another category, availability, benefit or search.</EmptyState>
        ) : (
          <>
            <ul className={`grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
              {query.data.products.slice(0, FIRST_CARDS).map((product, index) => (
                <li key={product.id}>
                  {/* The first picture (the page's largest paint) loads at once with high priority; the rest
                      lazily, which still loads those on screen straight away. A card without a photo has no
                      picture, so the first card that has one is the eager one, even past the first row. */}
                  <ProductCard product={product} eager={index === eagerCard} />
                </li>
              ))}
              {/* The cards past the first row and the pages below them follow the first paint. */}
              <Deferred>
                {query.data.products.slice(FIRST_CARDS).map((product, index) => (
                  <li key={product.id}>
                    <ProductCard product={product} eager={FIRST_CARDS + index === eagerCard} />
                  </li>
                ))}
              </Deferred>
            </ul>
            <Deferred>
              <Pagination
                page={url.filters.page}
                pageCount={pageCount}
                onChange={(page) => {
                  url.setPage(page);
                  window.scrollTo({ top: 0 });
                }}
              />
            </Deferred>
          </>
        )}
      </div>
    </div>
  );
}
