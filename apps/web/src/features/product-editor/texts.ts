/** The product editor's user-facing texts (spec 02 §2 and §8), in one place. */
export const PRODUCT_TEXTS = {
  productCreated: 'Product created successfully!',
  productUpdated: 'Product updated successfully!',
  productCreateFailed: 'Failed to create product',
  productUpdateFailed: 'Failed to update product',
  imageUploaded: 'Image uploaded successfully!',
  imageUploadFailed: 'Failed to upload image',
  imageDeleted: 'Image deleted',
  imageDeleteFailed: 'Failed to delete image',
  imageUpdateFailed: 'Failed to update image',
  saveProductFirst: 'Please save the product first before uploading images',
} as const;
