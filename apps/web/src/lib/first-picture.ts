/**
 * The index of a list's first item that has a picture. Its image is the first one on screen (the
 * page's largest paint): fetched at once with high priority, the rest lazily. An item without a
 * photo draws no image, so it cannot be that first picture.
 */
export function firstPictured<T>(items: readonly T[], pictureOf: (item: T) => string | null | undefined): number {
  return items.findIndex((item) => Boolean(pictureOf(item)));
}
