/** The farm's certifications' user-facing texts (spec 02 §2 and §8), in one place. */
export const CERTIFICATION_TEXTS = {
  certificationAdded: 'Certification added successfully!',
  certificationAddFailed: 'Failed to add certification',
  certificationDeleted: 'Certification deleted',
  certificationDeleteFailed: 'Failed to delete certification',
} as const;
