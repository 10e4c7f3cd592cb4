import type { ImageDeleteRequest } from '@farmstand/shared/schemas/products';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { forgetPublicProduct } from '../../lib/public-products';
import type { AuthUser } from '../../plugins/auth';
import { findProducerByUserId, PROFILE_NOT_FOUND, updateProducer } from '../producers';
import { loadManageableProduct, lockProduct, presentProduct, updateProduct } from '../products';
import { removeImage, removeUrls, storeImage } from './image-processing';

const ownerView = { showContact: true };

async function maxAdditionalImages(ctx: AppContext): Promise<number> {
  return (await ctx.settings.get('features')).max_images_per_product;
}

function assertRoomForAdditional(count: number, max: number) {
  if (count >= max) throw conflict(`You can add at most ${max} additional images. Delete one first.`);
}

/**
 * Adds an image to a product. The first image of a product always becomes its primary image
 * (a product without a cover looks broken); otherwise isPrimary replaces the cover and the old
 * one's files are removed after the commit (docs/decisions/032).
 */
export async function addProductImage(ctx: AppContext, user: AuthUser, productId: number, buffer: Buffer, wantsPrimary: boolean) {
  const max = await maxAdditionalImages(ctx);
  // Cheap checks before the expensive re-encoding; repeated under the row lock below.
  const before = await loadManageableProduct(ctx, user, productId);
  if (!wantsPrimary && before.product.primaryImageUrl) assertRoomForAdditional(before.product.additionalImages.length, max);

  const stored = await storeImage(ctx.storage, `products/${productId}`, buffer);
  let replaced: string | null = null;
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const row = await lockProduct(tx, productId);
      if (!row) throw notFound('Product not found');
      const isPrimary = wantsPrimary || !row.primaryImageUrl;
      if (isPrimary) {
        replaced = row.primaryImageUrl;
        await updateProduct(tx, productId, { primaryImageUrl: stored.url });
      } else {
        assertRoomForAdditional(row.additionalImages.length, max);
        await updateProduct(tx, productId, { additionalImages: [...row.additionalImages, stored.url] });
      }
      const fresh = await loadManageableProduct(ctx, user, productId, tx);
      return { imageUrl: stored.url, isPrimary, product: presentProduct(fresh, ownerView) };
    });
    forgetPublicProduct(ctx, productId);
    await removeImage(ctx.storage, replaced);
    return result;
  } catch (error) {
    await removeUrls(ctx.storage, stored.urls);
    throw error;
  }
}

/**
 * Removes one image. Deleting the primary promotes the first additional image so the product
 * keeps a cover; files go after the commit.
 */
export async function deleteProductImage(
  ctx: AppContext,
  user: AuthUser,
  productId: number,
  input: z.output<typeof ImageDeleteRequest>,
) {
  const product = await ctx.db.transaction(async (tx) => {
    await loadManageableProduct(ctx, user, productId, tx);
    const row = await lockProduct(tx, productId);
    if (!row) throw notFound('Product not found');
    if (input.isPrimary || row.primaryImageUrl === input.imageUrl) {
      if (row.primaryImageUrl !== input.imageUrl) throw notFound('Image not found');
      const [promoted = null, ...rest] = row.additionalImages;
      await updateProduct(tx, productId, { primaryImageUrl: promoted, additionalImages: rest });
    } else {
      if (!row.additionalImages.includes(input.imageUrl)) throw notFound('Image not found');
      await updateProduct(tx, productId, { additionalImages: row.additionalImages.filter((u) => u !== input.imageUrl) });
    }
    return presentProduct(await loadManageableProduct(ctx, user, productId, tx), ownerView);
  });
  forgetPublicProduct(ctx, productId);
  await removeImage(ctx.storage, input.imageUrl);
  return product;
}

/** Swaps an additional image with the primary one (the old cover keeps the swapped image's place). */
export async function setPrimaryImage(ctx: AppContext, user: AuthUser, productId: number, imageUrl: string) {
  const product = await ctx.db.transaction(async (tx) => {
    await loadManageableProduct(ctx, user, productId, tx);
    const row = await lockProduct(tx, productId);
    if (!row) throw notFound('Product not found');
    if (row.primaryImageUrl === imageUrl) return presentProduct(await loadManageableProduct(ctx, user, productId, tx), ownerView);
    const index = row.additionalImages.indexOf(imageUrl);
    if (index === -1) throw notFound('Image not found');
    const additionalImages = [...row.additionalImages];
    if (row.primaryImageUrl) additionalImages[index] = row.primaryImageUrl;
    else additionalImages.splice(index, 1);
    await updateProduct(tx, productId, { primaryImageUrl: imageUrl, additionalImages });
    return presentProduct(await loadManageableProduct(ctx, user, productId, tx), ownerView);
  });
  forgetPublicProduct(ctx, productId);
  return product;
}

/** The farm's profile picture; the previous one's files are removed after the commit. */
export async function setProfileImage(ctx: AppContext, user: AuthUser, buffer: Buffer) {
  const producer = await findProducerByUserId(ctx.db, user.id);
  if (!producer) throw notFound(PROFILE_NOT_FOUND);
  const stored = await storeImage(ctx.storage, `producers/${user.id}`, buffer);
  try {
    await ctx.db.transaction((tx) => updateProducer(tx, user.id, { profileImageUrl: stored.url }));
  } catch (error) {
    await removeUrls(ctx.storage, stored.urls);
    throw error;
  }
  await removeImage(ctx.storage, producer.profileImageUrl);
  return stored.url;
}
