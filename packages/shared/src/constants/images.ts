/**
 * Uploaded images are re-encoded to WebP at these widths (docs/decisions/032, 156, 159): 96 and
 * 192 for avatars and thumbnails (64–96 px shown, at 1× to 3× density), 400 to 1600 for pictures.
 */
export const IMAGE_WIDTHS = [96, 192, 400, 800, 1600] as const;
export const IMAGE_MAIN_WIDTH = 800;
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * The avatar widths, added after images were first stored at 400/800/1600: the server makes one
 * from the IMAGE_SOURCE_WIDTH file the first time an older image's is asked for.
 */
export const IMAGE_SMALL_WIDTHS = [96, 192] as const;
export const IMAGE_SOURCE_WIDTH = 400;

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
