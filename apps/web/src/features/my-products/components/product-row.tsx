import { AVAILABILITIES, AVAILABILITY_LABELS, type Availability, CATEGORY_LABELS } from '@farmstand/shared';
import type { Product } from '@farmstand/shared/schemas/products';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClasses } from '@/components/ui/field';
import { ProductImage } from '@/components/ui/product-image';
import { errorMessage } from '@/lib/api';
import { formatPrice } from '@/lib/format';
import { useDeleteProduct, useRestoreProduct, useUpdateAvailability } from '../api';
import { MY_PRODUCTS_TEXTS } from '../texts';

/** One product in the owner's list: availability dropdown, edit, delete; deleted ones faded (spec 02 §2). */
export function ProductRow({ product, canRestore, onEdit }: { product: Product; canRestore: boolean; onEdit: () => void }) {
  const selectId = useId();
  const availability = useUpdateAvailability();
  const remove = useDeleteProduct();
  const restore = useRestoreProduct();
  const [confirming, setConfirming] = useState(false);
  const isDeleted = !product.active;

  function changeAvailability(next: Availability) {
    availability.mutate(
      { id: product.id, body: { availability: next } },
      {
        onSuccess: () => toast.success(MY_PRODUCTS_TEXTS.availabilityUpdated),
        onError: (error) => toast.error(errorMessage(error, MY_PRODUCTS_TEXTS.availabilityFailed)),
      },
    );
  }

  return (
    <li
      data-testid="product-row"
      data-deleted={isDeleted || undefined}
      // Faded, not transparent: the photo greys out and the text dims while staying readable (contrast).
      className={`flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center ${
        isDeleted
          ? 'border-dashed border-stone-300 bg-stone-50 text-stone-600 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-400'
          : 'border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900'
      }`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <ProductImage
          url={product.primary_image_url}
          category={product.category}
          alt=""
          sizes="64px"
          className={`h-16 w-16 shrink-0 rounded-lg text-2xl ${isDeleted ? 'opacity-40 grayscale' : ''}`}
        />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {isDeleted ? (
              <span className="truncate">{product.name}</span>
            ) : (
              <Link to={`/product/${product.id}`} className="truncate hover:underline">
                {product.name}
              </Link>
            )}
            {isDeleted && <Badge tone="gray">Deleted</Badge>}
            {product.moderation_status === 'removed' && <Badge tone="red">Removed by admin</Badge>}
          </p>
          <p className={`text-sm ${isDeleted ? '' : 'text-stone-600 dark:text-stone-400'}`}>
            {CATEGORY_LABELS[product.category]} ·{' '}
            {product.price === null ? 'Ask for price' : formatPrice(product.price, product.price_unit)}
            {product.stock_quantity !== null && ` · ${product.stock_quantity} in stock`}
          </p>
          {product.moderation_reason && (
            <p className="mt-1 text-sm text-red-800 dark:text-red-300">
              <span className="font-semibold">Why it was removed:</span> {product.moderation_reason}
            </p>
          )}
        </div>
      </div>
      <div className="flex items-center gap-2">
        {!isDeleted && (
          <div className="min-w-0 flex-1 sm:w-36 sm:flex-none">
            <label htmlFor={selectId} className="sr-only">
              Availability of {product.name}
            </label>
            <select
              id={selectId}
              value={product.availability}
              disabled={availability.isPending}
              onChange={(event) => changeAvailability(event.target.value as Availability)}
              className={`${inputClasses} py-1.5 text-sm`}
            >
              {AVAILABILITIES.map((value) => (
                <option key={value} value={value}>
                  {AVAILABILITY_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${product.name}`}>
          Edit
        </Button>
        {isDeleted ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={!canRestore}
            isLoading={restore.isPending}
            title={canRestore ? undefined : MY_PRODUCTS_TEXTS.productLimitReached}
            aria-label={`Restore ${product.name}`}
            onClick={() =>
              restore.mutate(product.id, {
                onSuccess: () => toast.success(MY_PRODUCTS_TEXTS.productRestored),
                onError: (error) => toast.error(errorMessage(error, MY_PRODUCTS_TEXTS.productRestoreFailed)),
              })
            }
          >
            Restore
          </Button>
        ) : (
          <Button variant="ghost" size="sm" aria-label={`Delete ${product.name}`} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete this product?"
          message={`"${product.name}" will be hidden from customers. You can restore it later if you have a free product slot.`}
          confirmLabel="Delete Product"
          isBusy={remove.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(product.id, {
              onSuccess: () => {
                setConfirming(false);
                toast.success(MY_PRODUCTS_TEXTS.productDeleted);
              },
              onError: (error) => toast.error(errorMessage(error, MY_PRODUCTS_TEXTS.productDeleteFailed)),
            })
          }
        />
      )}
    </li>
  );
}
