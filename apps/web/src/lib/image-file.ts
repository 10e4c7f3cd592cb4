import { MAX_IMAGE_BYTES, TEXTS } from '@farmstand/shared';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

/** The client-side mirror of the server's upload rules (spec 02 §5); null when the file may go. */
export function imageFileProblem(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return TEXTS.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return TEXTS.imageTooLarge;
  return null;
}
