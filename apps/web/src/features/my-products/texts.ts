/** The farm's product list's user-facing texts (spec 02 §2 and §8), in one place. */
export const MY_PRODUCTS_TEXTS = {
  productsLoadFailed: 'Failed to load products',
  availabilityUpdated: 'Availability updated!',
  availabilityFailed: 'Failed to update availability',
  productDeleted: 'Product deleted',
  productDeleteFailed: 'Failed to delete product',
  productRestored: 'Product restored',
  productRestoreFailed: 'Failed to restore product',
  productLimitReached: 'Product Limit Reached',
} as const;
