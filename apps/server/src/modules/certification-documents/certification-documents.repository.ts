import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { certificationDocuments, certifications, producers } from '../../db/schema';

/** A certification with its owner's user id, to decide who may see or change its document. */
export async function findCertificationOwner(db: Db, certificationId: number) {
  const [row] = await db
    .select({ id: certifications.id, ownerUserId: producers.userId })
    .from(certifications)
    .innerJoin(producers, eq(producers.id, certifications.producerId))
    .where(eq(certifications.id, certificationId));
  return row;
}

export async function findDocument(db: Db, certificationId: number) {
  const [row] = await db.select().from(certificationDocuments).where(eq(certificationDocuments.certificationId, certificationId));
  return row;
}

/**
 * Replaces any earlier document and points the certification's document_url at the private route.
 * A new document sends the certification back to review (pending): the Verified badge means an
 * admin checked the document now attached.
 */
export async function saveDocument(
  db: Db,
  values: { certificationId: number; contentType: string; fileName: string; data: Buffer; url: string },
) {
  const row = {
    certificationId: values.certificationId,
    contentType: values.contentType,
    fileName: values.fileName,
    byteSize: values.data.length,
    data: values.data,
  };
  await db
    .insert(certificationDocuments)
    .values(row)
    .onConflictDoUpdate({
      target: certificationDocuments.certificationId,
      set: { ...row, createdAt: sql`now()` },
    });
  await db
    .update(certifications)
    .set({ documentUrl: values.url, status: 'pending' })
    .where(eq(certifications.id, values.certificationId));
}

export async function deleteDocument(db: Db, certificationId: number): Promise<boolean> {
  const deleted = await db
    .delete(certificationDocuments)
    .where(eq(certificationDocuments.certificationId, certificationId))
    .returning({ id: certificationDocuments.certificationId });
  await db.update(certifications).set({ documentUrl: null }).where(eq(certifications.id, certificationId));
  return deleted.length > 0;
}
