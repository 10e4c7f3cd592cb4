import type { Product } from '@farmstand/shared/schemas/products';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/card';
import { ImagePicker } from '@/components/ui/image-picker';
import { ProductImage } from '@/components/ui/product-image';
import { errorMessage } from '@/lib/api';
import { useDeleteProductImage, useSetPrimaryImage, useUploadProductImage } from '../api';
import { PRODUCT_TEXTS } from '../texts';

/**
 * A product's photos: one primary plus up to `maxImages` more. Only a saved product can take
 * images (spec 02 §4), so before the first save the buttons explain that instead of uploading.
 */
export function ProductImages({ product, maxImages }: { product: Product | null; maxImages: number }) {
  const upload = useUploadProductImage();
  const remove = useDeleteProductImage();
  const makePrimary = useSetPrimaryImage();
  const additional = product?.additional_images ?? [];
  const blocked = product ? undefined : () => toast.error(PRODUCT_TEXTS.saveProductFirst);
  const full = additional.length >= maxImages;
  const limitId = useId();

  function send(file: File, isPrimary: boolean) {
    if (!product) return;
    upload.mutate(
      { id: product.id, file, isPrimary },
      {
        onSuccess: () => toast.success(PRODUCT_TEXTS.imageUploaded),
        onError: (error) => toast.error(errorMessage(error, PRODUCT_TEXTS.imageUploadFailed)),
      },
    );
  }

  function drop(imageUrl: string, isPrimary: boolean) {
    if (!product) return;
    remove.mutate(
      { id: product.id, imageUrl, isPrimary },
      {
        onSuccess: () => toast.success(PRODUCT_TEXTS.imageDeleted),
        onError: (error) => toast.error(errorMessage(error, PRODUCT_TEXTS.imageDeleteFailed)),
      },
    );
  }

  function promote(imageUrl: string) {
    if (!product) return;
    makePrimary.mutate(
      { id: product.id, imageUrl },
      {
        onSuccess: () => toast.success('Main photo updated'),
        onError: (error) => toast.error(errorMessage(error, PRODUCT_TEXTS.imageUpdateFailed)),
      },
    );
  }

  return (
    <section aria-labelledby="product-images-heading" className="mt-8 border-t border-stone-200 pt-6 dark:border-stone-800">
      <h3 id="product-images-heading" className="font-semibold">
        Photos
      </h3>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        JPG, PNG or WebP up to 5 MB. One main photo plus up to {maxImages} more.
      </p>
      {product?.primary_image_url && (
        <p
          id={limitId}
          aria-live="polite"
          className={`mt-2 text-sm ${full ? 'rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100' : 'text-stone-700 dark:text-stone-300'}`}
        >
          <span className="font-semibold">
            {additional.length} of {maxImages}
          </span>{' '}
          more photos
          {full
            ? ': the most this site allows for one product, beside the main photo. Delete one to add another.'
            : ` used; ${maxImages - additional.length} left.`}
        </p>
      )}
      {!product && (
        <p role="note" className="mt-3 rounded-lg bg-stone-100 p-3 text-sm text-stone-700 dark:bg-stone-800 dark:text-stone-200">
          {PRODUCT_TEXTS.saveProductFirst}
        </p>
      )}
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {product?.primary_image_url && (
          <ImageTile
            url={product.primary_image_url}
            label="Main photo"
            isPrimary
            onDelete={() => drop(product.primary_image_url as string, true)}
          />
        )}
        {additional.map((url, index) => (
          <ImageTile
            key={url}
            url={url}
            label={`Photo ${index + 2}`}
            onMakePrimary={() => promote(url)}
            onDelete={() => drop(url, false)}
          />
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <ImagePicker
          label={product?.primary_image_url ? 'Replace main photo' : 'Upload main photo'}
          variant="primary"
          isBusy={upload.isPending}
          onBlocked={blocked}
          onFile={(file) => send(file, true)}
        />
        {product?.primary_image_url && (
          <ImagePicker
            label="Add more photos"
            isBusy={upload.isPending}
            disabled={full}
            describedBy={full ? limitId : undefined}
            onFile={(file) => send(file, false)}
          />
        )}
      </div>
    </section>
  );
}

function ImageTile({
  url,
  label,
  isPrimary = false,
  onMakePrimary,
  onDelete,
}: {
  url: string;
  label: string;
  isPrimary?: boolean;
  onMakePrimary?: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="overflow-hidden rounded-lg border border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-900">
      <div className="relative">
        <ProductImage url={url} category="other" alt={label} sizes="200px" className="aspect-square w-full" />
        {isPrimary && (
          <Badge tone="green" className="absolute left-2 top-2">
            Main
          </Badge>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-1 p-1.5">
        {onMakePrimary && (
          <Button variant="ghost" size="sm" aria-label={`Make ${label.toLowerCase()} the main photo`} onClick={onMakePrimary}>
            Make main
          </Button>
        )}
        <Button variant="ghost" size="sm" aria-label={`Delete ${label.toLowerCase()}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}
