import { AVAILABILITY_LABELS, type Availability, CATEGORY_LABELS, formatPrice, type ProductCategory } from '@farmstand/shared';
import { LABEL_FIELD_NAMES, type LabelField } from '@farmstand/shared/labels/rules';
import { type AdminProduct, MODERATION_REASON_MAX, ProductModerationRequest } from '@farmstand/shared/schemas/admin';
import { useState } from 'react';
import { AdminLink, Pager, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, Spinner } from '@/components/ui/card';
import { DataTable } from '@/components/ui/data-table';
import { TextInput } from '@/components/ui/field';
import { BasketIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { firstIssue, ReasonDialog } from '@/components/ui/reason-dialog';
import { useAdminProducts, useModerateProduct } from '../api';
import { ADMIN_TEXTS } from '../texts';

export function ProductsTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminProducts(search.trim(), page);
  const moderate = useModerateProduct();
  const [removing, setRemoving] = useState<AdminProduct | null>(null);
  useLoadErrorToast(query, ADMIN_TEXTS.loadProducts);

  // "Delete" in the spec's table is the admin removal: the owner keeps the listing, nobody else sees it.
  const run = (product: AdminProduct, action: 'remove' | 'restore', reason?: string) =>
    moderate.mutate(
      { id: product.id, action, reason },
      // The hook confirms with a toast.
      { onSuccess: () => setRemoving(null) },
    );

  return (
    <div>
      <div className="mb-4 max-w-sm">
        <TextInput
          label="Search products"
          type="search"
          placeholder="Product name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError text={ADMIN_TEXTS.loadProducts} onRetry={() => query.refetch()} />
      ) : query.data.products.length === 0 ? (
        <EmptyState title="No products found" icon={BasketIcon} />
      ) : (
        <>
          <Card>
            <DataTable
              caption="Products"
              minWidth="min-w-[48rem]"
              rows={query.data.products}
              rowKey={(product) => product.id}
              columns={[
                {
                  header: 'Name',
                  className: 'font-medium',
                  cell: (product) => (
                    <>
                      <AdminLink to={`/product/${product.id}`}>{product.name}</AdminLink>
                      {product.moderation_status === 'removed' && (
                        <Badge tone="red" className="ml-2">
                          Removed
                        </Badge>
                      )}
                    </>
                  ),
                },
                {
                  header: 'Category',
                  cell: (product) => CATEGORY_LABELS[product.category as ProductCategory] ?? product.category,
                },
                {
                  header: 'Producer',
                  cell: (product) => <AdminLink to={`/producer/${product.producer_user_id}`}>{product.farm_name}</AdminLink>,
                },
                {
                  header: 'Price',
                  className: 'whitespace-nowrap',
                  cell: (product) => formatPrice(product.price, product.price_unit),
                },
                {
                  header: 'Availability',
                  cell: (product) => AVAILABILITY_LABELS[product.availability as Availability] ?? product.availability,
                },
                { header: 'Label', cell: (product) => <LabelReadyBadge product={product} /> },
                {
                  header: 'Actions',
                  cell: (product) =>
                    product.moderation_status === 'removed' ? (
                      <Button size="sm" variant="secondary" onClick={() => run(product, 'restore')}>
                        Restore
                      </Button>
                    ) : (
                      <Button size="sm" variant="danger" onClick={() => setRemoving(product)}>
                        Delete
                      </Button>
                    ),
                },
              ]}
            />
          </Card>
          <Pager {...query.data.pagination} onPage={setPage} />
        </>
      )}
      {removing && (
        <ReasonDialog
          title="Delete product"
          message={`Remove "${removing.name}" from the marketplace? Its producer still sees it; you can restore it later.`}
          hint="Shown to the producer with the notice and in the e-mail."
          maxLength={MODERATION_REASON_MAX}
          confirmLabel="Delete"
          isBusy={moderate.isPending}
          validate={(reason) => firstIssue(ProductModerationRequest.safeParse({ action: 'remove', reason }))}
          onConfirm={(reason) => run(removing, 'remove', reason)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}

/** Whether the producer can print a compliant label on at least one sheet, and if not, why. */
function LabelReadyBadge({ product }: { product: AdminProduct }) {
  if (product.label_ready) return <Badge tone="green">Label-ready</Badge>;
  if (product.label_missing.length === 0) return <Badge tone="yellow">Fits no label sheet</Badge>;
  const missing = product.label_missing.map((field) => LABEL_FIELD_NAMES[field as LabelField] ?? field).join(', ');
  return <Badge tone="yellow">Missing: {missing}</Badge>;
}
