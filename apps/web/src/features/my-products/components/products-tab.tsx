import type { Product } from '@farmstand/shared/schemas/products';
import { Fragment, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, Spinner } from '@/components/ui/card';
import { AlertIcon, BasketIcon } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/pagination';
import { ProductListControls, ShowingText } from '@/components/ui/product-list-controls';
import { categoriesOf, EMPTY_PRODUCT_FILTER, filterProducts, pageOf } from '@/lib/product-list-filter';
import { useMyProducts } from '@/lib/queries';
import { MY_PRODUCTS_TEXTS } from '../texts';
import { CataloguePanel } from './catalogue-panel';
import { ProductRow } from './product-row';

/** Rows per page of the owner's list: a catalogue of 100 is five pages. */
export const OWN_PRODUCTS_PAGE_SIZE = 20;

type Limit = { on_plan: boolean; trial_max_products: number; plan_max_products: number };

/**
 * '3 of 10 active products during the free trial'; once an admin has lowered the limit below what is
 * listed, never '11 of 10' but what it means and what to do (decision 551: the trial's limit, or a plan's).
 */
export function productCountText(active: number, max: number, limit?: Limit): string {
  if (active > max) return `${active} listed, limit ${max}: deactivate ${active - max} to add new products`;
  if (limit && !limit.on_plan && limit.plan_max_products > max)
    return `${active} of ${max} active products during the free trial (up to ${limit.plan_max_products} with a plan)`;
  return `${active} of ${max} active products`;
}

/** Editing: 'new' for the add form, a product for its edit form, null for the list. */
type Editing = 'new' | Product | null;

/** What the product editor's form is given: the product (null for a new one), the site's caps and what to do next. */
export type ProductFormProps = {
  product: Product | null;
  maxImages: number;
  maxVariants: number;
  onSaved: (product: Product) => void;
  onClose: () => void;
};

type Props = {
  /** The product editor's "Print labels" for the active products (composed in app/pages/profile-page.tsx). */
  printLabels: (products: Product[]) => ReactNode;
  /** The product editor's add/edit form. */
  productForm: (props: ProductFormProps) => ReactNode;
};

/** The producer's catalogue: the list with availability per row, and the add/edit form (spec 02 §2). */
export function ProductsTab({ printLabels, productForm }: Props) {
  const query = useMyProducts();
  const [editing, setEditing] = useState<Editing>(null);
  const [filter, setFilter] = useState(EMPTY_PRODUCT_FILTER);
  const [page, setPage] = useState(1);
  // The dashboard's "Catalogue spreadsheet" link opens the import and export at once (?catalogue=open).
  const [searchParams] = useSearchParams();
  const [catalogueOpen, setCatalogueOpen] = useState(searchParams.get('catalogue') === 'open');

  if (query.isPending) return <Spinner label="Loading products…" />;
  if (query.isError) {
    return (
      <EmptyState title={MY_PRODUCTS_TEXTS.productsLoadFailed} icon={AlertIcon}>
        Please refresh the page to try again.
      </EmptyState>
    );
  }
  const { products, active_count, max_products, max_images_per_product, max_variants_per_product } = query.data;
  const atLimit = active_count >= max_products;
  const shown = pageOf(filterProducts(products, filter), page, OWN_PRODUCTS_PAGE_SIZE);

  if (editing) {
    // The form follows the saved product from the list, so uploads and edits show at once.
    const current = editing === 'new' ? null : (products.find((p) => p.id === editing.id) ?? editing);
    return (
      <Fragment key={current?.id ?? 'new'}>
        {productForm({
          product: current,
          maxImages: max_images_per_product,
          maxVariants: max_variants_per_product,
          onSaved: (product) => setEditing(product),
          onClose: () => setEditing(null),
        })}
      </Fragment>
    );
  }

  return (
    <section aria-labelledby="products-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="products-heading" className="text-lg font-semibold">
            Your products
          </h2>
          <p className="text-sm text-stone-600 dark:text-stone-400">{productCountText(active_count, max_products, query.data)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {printLabels(products.filter((p) => p.active))}
          <Button variant="secondary" aria-expanded={catalogueOpen} onClick={() => setCatalogueOpen((open) => !open)}>
            Import / export (CSV)
          </Button>
          <Button onClick={() => setEditing('new')} disabled={atLimit}>
            <span aria-hidden="true">+</span> Add Product
          </Button>
        </div>
      </div>
      {catalogueOpen && <CataloguePanel />}
      {atLimit && (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">{MY_PRODUCTS_TEXTS.productLimitReached}</p>
          <p className="text-sm">
            {active_count > max_products
              ? `The limit is now ${max_products} active products. Deactivate or delete ${active_count - max_products} to add or restore products.`
              : query.data.on_plan || query.data.plan_max_products <= max_products
                ? `You can have up to ${max_products} active products. Delete one to add another.`
                : `You can have up to ${max_products} active products during the free trial. Choose a plan to list up to ${query.data.plan_max_products}, or delete one to add another.`}
          </p>
          {!query.data.on_plan && query.data.plan_max_products > max_products && (
            <Link to="/billing" className="mt-1 inline-block text-sm font-semibold underline">
              Choose a plan
            </Link>
          )}
        </div>
      )}
      {products.length === 0 ? (
        <EmptyState title="No products yet" icon={BasketIcon}>
          Add your first product so customers can find it.
        </EmptyState>
      ) : (
        <>
          {products.length > OWN_PRODUCTS_PAGE_SIZE / 2 && (
            <ProductListControls
              value={filter}
              onChange={(next) => {
                setFilter(next);
                setPage(1);
              }}
              categories={categoriesOf(products)}
              withStatus
              listName="your products"
            />
          )}
          <ShowingText first={shown.first} last={shown.last} total={shown.total} noun="products" />
          <ul className="space-y-3">
            {shown.items.map((product) => (
              <ProductRow key={product.id} product={product} canRestore={!atLimit} onEdit={() => setEditing(product)} />
            ))}
          </ul>
          <Pagination page={shown.page} pageCount={shown.pageCount} onChange={setPage} label="Pages of your products" />
        </>
      )}
    </section>
  );
}
