/** The producer area's user-facing texts (spec 02 §2 and §8), in one place. */
export const PRODUCER_TEXTS = {
  producersOnly: 'Producer profiles are only available for producer accounts.',
  createProfile: 'Create Producer Profile',
  producerNotFound: 'Producer Not Found',
  profileCreated: 'Profile created successfully!',
  profileUpdated: 'Profile updated successfully!',
  profileCreateFailed: 'Failed to create profile',
  profileUpdateFailed: 'Failed to update profile',
  profileLoadFailed: 'Failed to load producer profile',
  imageUploaded: 'Image uploaded successfully!',
  imageUploadFailed: 'Failed to upload image',
} as const;
