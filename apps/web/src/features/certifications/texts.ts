/** The certifications' user-facing texts, the farm's and the admins' (spec 02 §2 and §8), in one place. */
export const CERTIFICATION_TEXTS = {
  certificationAdded: 'Certification added successfully!',
  certificationAddFailed: 'Failed to add certification',
  certificationDeleted: 'Certification deleted',
  certificationDeleteFailed: 'Failed to delete certification',
  loadCertifications: 'Failed to load certifications',
  loadExpiring: 'Failed to load expiring certifications',
  loadCertificationTypes: 'Failed to load certification types',
  selectCertificationsFirst: 'Please select certifications first',
  certificationActionFailed: (action: string) => `Failed to ${action} certification`,
  bulkActionFailed: (action: string) => `Failed to perform bulk ${action}`,
} as const;
