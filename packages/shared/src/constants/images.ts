/** Uploaded images are re-encoded to WebP at these widths (docs/decisions/032). */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export const IMAGE_MAIN_WIDTH = 800;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * srcset for an uploaded image URL (`…-800.webp`); undefined for URLs that are not ours
 * (seeded or external images), which then load as plain `src`.
 */
export function productImageSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const match = /^(.*)-(\d+)\.webp$/.exec(url);
  if (!match || Number(match[2]) !== IMAGE_MAIN_WIDTH) return undefined;
  return IMAGE_WIDTHS.map((w) => `${match[1]}-${w}.webp ${w}w`).join(', ');
}
