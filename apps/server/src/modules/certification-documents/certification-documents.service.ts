import {
  certificationDocumentPath,
  DOCUMENT_TEXTS,
  type DocumentType,
  type DocumentUploadResponse,
} from '@farmstand/shared/schemas/certification-documents';
import type { AppContext } from '../../lib/context';
import { forbidden, notFound, unsupportedType } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import { managesVendor } from '../markets';
import { canChangeDocument, canViewDocument } from './certification-documents.policy';
import * as repo from './certification-documents.repository';

const CERTIFICATION_NOT_FOUND = 'Certification not found';

/** The file's real type from its first bytes; the declared type and the name are never trusted. */
export function sniffDocumentType(data: Buffer): DocumentType | null {
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= 8 && png.every((byte, i) => data[i] === byte)) return 'image/png';
  return null;
}

const EXTENSION: Record<DocumentType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** A safe download name: the producer's name without its path or odd characters, with the real extension. */
function safeFileName(original: string | undefined, type: DocumentType): string {
  const base = (original ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/\.[^.]*$/, '')
    .replace(/[^\w .-]+/g, '')
    .trim()
    .slice(0, 80);
  return `${base || 'certificate'}.${EXTENSION[type]}`;
}

async function ownedCertification(ctx: AppContext, user: AuthUser, certificationId: number) {
  const cert = await repo.findCertificationOwner(ctx.db, certificationId);
  if (!cert) throw notFound(CERTIFICATION_NOT_FOUND);
  if (!canChangeDocument(user, cert.ownerUserId)) throw forbidden('You can only change documents of your own certifications');
  return cert;
}

export async function uploadDocument(
  ctx: AppContext,
  user: AuthUser,
  certificationId: number,
  file: { data: Buffer; fileName?: string },
): Promise<DocumentUploadResponse> {
  await ownedCertification(ctx, user, certificationId);
  const type = sniffDocumentType(file.data);
  if (!type) throw unsupportedType(DOCUMENT_TEXTS.wrongType);
  const fileName = safeFileName(file.fileName, type);
  const url = certificationDocumentPath(certificationId);
  await ctx.db.transaction((tx) => repo.saveDocument(tx, { certificationId, contentType: type, fileName, data: file.data, url }));
  return { message: DOCUMENT_TEXTS.uploaded, document_url: url, file_name: fileName };
}

export async function removeDocument(ctx: AppContext, user: AuthUser, certificationId: number): Promise<DocumentUploadResponse> {
  await ownedCertification(ctx, user, certificationId);
  const removed = await ctx.db.transaction((tx) => repo.deleteDocument(tx, certificationId));
  if (!removed) throw notFound(DOCUMENT_TEXTS.notFound);
  return { message: DOCUMENT_TEXTS.removed, document_url: null, file_name: null };
}

export async function readDocument(ctx: AppContext, user: AuthUser, certificationId: number) {
  const cert = await repo.findCertificationOwner(ctx.db, certificationId);
  if (!cert) throw notFound(CERTIFICATION_NOT_FOUND);
  // A market's manager deciding on the farm (it applied, was invited or sells there) reads it too (decision 581).
  if (!canViewDocument(user, cert.ownerUserId) && !(await managesVendor(ctx.db, user.id, cert.ownerUserId))) {
    throw forbidden('Only the producer, admins and the managers of its markets can see this document');
  }
  const document = await repo.findDocument(ctx.db, certificationId);
  if (!document) throw notFound(DOCUMENT_TEXTS.notFound);
  return document;
}
