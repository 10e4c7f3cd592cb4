import { IMAGE_MAIN_WIDTH, IMAGE_WIDTHS } from '@farmstand/shared/schemas/products';
import type { FileStorage } from '../lib/file-storage';
import { imageVariants, loadSharp, removeUrls } from '../modules/images';
import type { DemoFarm } from './farms';
import { slugify } from './farms';
import { renderFarmPicture, renderProductPicture, runPool } from './pictures';

export type DemoPictureUrls = { farms: string[]; products: string[][] };

/** sharp runs on libuv's pool of 4 threads; more in flight only queues and holds buffers. */
const RENDER_CONCURRENCY = 4;

/**
 * Renders and stores a picture for every farm and product. Keys follow the catalogue's order, so
 * a rerun writes the same files. Each picture is stored like an upload, at every width of the
 * `-<width>.webp` scheme (never enlarged: the 640 px drawing stands in for the wider ones), so the
 * web app gives demo pictures the same srcset as uploads and a 64 px avatar fetches the 400 px
 * file, not the 640 px one; replacing a picture removes all its widths (docs/decisions/156).
 */
export async function storeDemoPictures(storage: FileStorage, farms: DemoFarm[]): Promise<DemoPictureUrls> {
  const jobs: (() => Promise<string>)[] = [];
  const widths: Widths = new Map();
  const store = async (key: string, render: Promise<Buffer>) =>
    storeWidths(storage, widths, key.replace(/\.webp$/, ''), await render);
  farms.forEach((farm, farmIndex) => {
    const key = `demo/farms/${String(farmIndex + 1).padStart(3, '0')}-${slugify(farm.farmName)}.webp`;
    jobs.push(() => store(key, renderFarmPicture(farm.farmName, farmIndex)));
  });
  let productIndex = 0;
  for (const farm of farms) {
    for (const product of farm.products) {
      const index = ++productIndex;
      const key = `demo/products/${String(index).padStart(4, '0')}-${slugify(product.name)}.webp`;
      jobs.push(() => store(key, renderProductPicture(product.category, product.name, index)));
    }
  }
  const urls = await runPool(jobs, RENDER_CONCURRENCY);
  let offset = farms.length;
  const products = farms.map((farm) => {
    const slice = urls.slice(offset, offset + farm.products.length);
    offset += farm.products.length;
    return slice;
  });
  return { farms: urls.slice(0, farms.length), products };
}

/** Stores `<base>-<width>.webp` for every width; returns the main width's URL. */
async function storeWidths(storage: FileStorage, widths: Widths, base: string, rendered: Buffer): Promise<string> {
  let mainUrl = '';
  for (const width of IMAGE_WIDTHS) {
    const url = await storage.put(`${base}-${width}.webp`, await atWidth(widths, rendered, width), 'image/webp');
    if (width === IMAGE_MAIN_WIDTH) mainUrl = url;
  }
  return mainUrl;
}

/**
 * A rendered picture at a width (never enlarged), made once per seed: identical products share one
 * rendered buffer (`renderProductPicture`), so their smaller widths are the same too. Storing the 336
 * demo pictures took 7.1 s, 5.7 s with this (timed around `storeDemoPictures` on a fresh process,
 * 2-core machine, 2026-12-07). The map lives for one `storeDemoPictures` call.
 */
type Widths = Map<Buffer, Map<number, Promise<Buffer>>>;
function atWidth(widths: Widths, rendered: Buffer, width: number): Promise<Buffer> {
  const made = widths.get(rendered) ?? new Map<number, Promise<Buffer>>();
  widths.set(rendered, made);
  let bytes = made.get(width);
  if (!bytes) {
    bytes = loadSharp()(rendered)
      .metadata()
      .then(({ width: renderedWidth = 0 }) =>
        renderedWidth > width ? loadSharp()(rendered).resize({ width }).webp({ quality: 80, effort: 2 }).toBuffer() : rendered,
      );
    made.set(width, bytes);
  }
  return bytes;
}

/** Removes what storeDemoPictures wrote, after a failed seed. */
export async function removeDemoPictures(storage: FileStorage, urls: DemoPictureUrls): Promise<void> {
  await removeUrls(storage, [...urls.farms, ...urls.products.flat()].flatMap(imageVariants));
}
