import { CATEGORY_LABELS, type ProductCategory } from '@farmstand/shared';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/field';
import { FilterFold } from '@/components/ui/filter-fold';
import {
  EMPTY_PRODUCT_FILTER,
  isFiltering,
  PRODUCT_LIST_SORT_LABELS,
  PRODUCT_LIST_SORTS,
  type ProductListFilter,
  type ProductListSort,
  type ProductStatusFilter,
} from '@/lib/product-list-filter';

const STATUS_LABELS: Record<ProductStatusFilter, string> = { all: 'Active and deleted', active: 'Active', deleted: 'Deleted' };

type Props = {
  value: ProductListFilter;
  onChange: (next: ProductListFilter) => void;
  categories: readonly ProductCategory[];
  /** The owner's list also filters by active or deleted; the farm page lists active products only. */
  withStatus?: boolean;
  /** Which list the controls narrow, for screen readers: 'your products', 'this farm's products'. */
  listName: string;
};

/** Name, category, (status) and sort for a farm's catalogue; the parent pages the result. */
export function ProductListControls({ value, onChange, categories, withStatus = false, listName }: Props) {
  const set = (patch: Partial<ProductListFilter>) => onChange({ ...value, ...patch });
  return (
    <fieldset>
      <legend className="sr-only">Find in {listName}</legend>
      <div className={`grid gap-3 md:grid-cols-2 ${withStatus ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        <TextInput
          label="Find by name"
          type="search"
          value={value.search}
          placeholder="Tomatoes, kale…"
          onChange={(event) => set({ search: event.target.value })}
        />
        {/* On a phone the products come first: the other choices fold behind "Filters" (decision 530). */}
        <FilterFold setCount={(value.category ? 1 : 0) + (value.status !== 'all' ? 1 : 0) + (value.sort !== 'listed' ? 1 : 0)}>
          <SelectInput
            label="Category"
            value={value.category}
            onChange={(event) => set({ category: event.target.value as ProductCategory | '' })}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </SelectInput>
          {withStatus && (
            <SelectInput
              label="Show"
              value={value.status}
              onChange={(event) => set({ status: event.target.value as ProductStatusFilter })}
            >
              {(Object.keys(STATUS_LABELS) as ProductStatusFilter[]).map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </SelectInput>
          )}
          <SelectInput
            label="Sort by"
            value={value.sort}
            onChange={(event) => set({ sort: event.target.value as ProductListSort })}
          >
            {PRODUCT_LIST_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {PRODUCT_LIST_SORT_LABELS[sort]}
              </option>
            ))}
          </SelectInput>
        </FilterFold>
      </div>
      {isFiltering(value) && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => onChange({ ...EMPTY_PRODUCT_FILTER, sort: value.sort })}
        >
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}

/** "Showing 21–40 of 100 products", said to screen readers when it changes. */
export function ShowingText({ first, last, total, noun }: { first: number; last: number; total: number; noun: string }) {
  return (
    <p role="status" className="text-sm text-stone-600 dark:text-stone-400">
      {total === 0 ? `No ${noun} match` : `Showing ${first}–${last} of ${total} ${noun}`}
    </p>
  );
}
