import { z } from 'zod';

/**
 * Certification documents: a PDF or a photo of the certificate,
 * seen only by its producer and admins.
 */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** For the file picker; the server trusts the file's first bytes, never the declared type. */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const DOCUMENT_TEXTS = {
  tooLarge: 'File size must be less than 5MB',
  wrongType: 'Please choose a PDF, JPEG or PNG file',
  missing: 'Please choose a document to upload',
  notFound: 'No document is attached to this certification',
  uploaded: 'Document uploaded successfully!',
  removed: 'Document removed',
  uploadFailed: 'Failed to upload document',
  removeFailed: 'Failed to remove document',
  openFailed: 'Failed to open document',
} as const;

/** The path a certification's document is served from (owner and admins only). */
export const certificationDocumentPath = (certificationId: number) => `/api/certifications/${certificationId}/document`;

export const DocumentUploadResponse = z.object({
  message: z.string(),
  document_url: z.string().nullable(),
  file_name: z.string().nullable(),
});
export type DocumentUploadResponse = z.infer<typeof DocumentUploadResponse>;
