import { randomBytes } from 'node:crypto';
import { TEXTS } from '@farmstand/shared';
import { IMAGE_MAIN_WIDTH, IMAGE_WIDTHS } from '@farmstand/shared/schemas/products';
import type Sharp from 'sharp';
import { AppError, tooLarge, unsupportedType } from '../../lib/errors';
import type { FileStorage } from '../../lib/file-storage';
import { lazyModule } from '../../lib/lazy-module';

export const loadSharp = lazyModule<typeof Sharp>('sharp');

/** JPEG, PNG and WebP only, judged by the bytes (sharp's decoder), never by name or header. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** 40 megapixels: more than any phone camera, far less than a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;

export type StoredImage = { url: string; urls: string[] };

/** Checks the upload is a real JPEG/PNG/WebP of sane dimensions; throws 415 or 413 otherwise. */
async function assertAcceptableImage(buffer: Buffer): Promise<void> {
  const metadata = await loadSharp()(buffer, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unsupportedType(TEXTS.notAnImage);
    });
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw unsupportedType(TEXTS.notAnImage);
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!pixels) throw unsupportedType(TEXTS.notAnImage);
  if (pixels > MAX_INPUT_PIXELS) throw tooLarge('Image dimensions are too large (at most 40 megapixels)');
}

/**
 * Re-encodes an upload to WebP at every width of IMAGE_WIDTHS (never enlarging), turned upright
 * from its EXIF orientation and with ALL metadata dropped (EXIF GPS, camera, ICC names), then
 * stores the files under `<folder>/<random>-<width>.webp`. Returns the main width's URL.
 */
export async function storeImage(storage: FileStorage, folder: string, buffer: Buffer): Promise<StoredImage> {
  await assertAcceptableImage(buffer);
  const name = randomBytes(12).toString('hex');
  const urls: string[] = [];
  let mainUrl = '';
  try {
    for (const width of IMAGE_WIDTHS) {
      const output = await loadSharp()(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .autoOrient()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
      const url = await storage.put(`${folder}/${name}-${width}.webp`, output, 'image/webp');
      urls.push(url);
      if (width === IMAGE_MAIN_WIDTH) mainUrl = url;
    }
  } catch (error) {
    await removeUrls(storage, urls);
    if (error instanceof AppError) throw error;
    // A file that passes the header check but fails to decode is still "not an image".
    throw unsupportedType(TEXTS.notAnImage);
  }
  return { url: mainUrl, urls };
}

/** Every stored width of an image, from its main URL (seeded or external URLs map to themselves). */
export function imageVariants(url: string): string[] {
  const match = /^(.*)-(\d+)\.webp$/.exec(url);
  if (!match || Number(match[2]) !== IMAGE_MAIN_WIDTH) return [url];
  return IMAGE_WIDTHS.map((w) => `${match[1]}-${w}.webp`);
}

export async function removeUrls(storage: FileStorage, urls: string[]): Promise<void> {
  await Promise.all(urls.map((url) => storage.remove(url).catch(() => undefined)));
}

export async function removeImage(storage: FileStorage, url: string | null | undefined): Promise<void> {
  if (url) await removeUrls(storage, imageVariants(url));
}
