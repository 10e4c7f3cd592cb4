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
  const store = async (key: string, render: Promise<Buffer>) => storeWidths(storage, key.replace(/\.webp$/, ''), await render);
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
async function storeWidths(storage: FileStorage, base: string, rendered: Buffer): Promise<string> {
  const { width: renderedWidth = 0 } = await loadSharp()(rendered).metadata();
  let mainUrl = '';
  for (const width of IMAGE_WIDTHS) {
    const bytes =
      renderedWidth > width
        ? await loadSharp()(rendered).resize({ width }).webp({ quality: 80, effort: 2 }).toBuffer()
        : rendered;
    const url = await storage.put(`${base}-${width}.webp`, bytes, 'image/webp');
    if (width === IMAGE_MAIN_WIDTH) mainUrl = url;
  }
  return mainUrl;
}

/** Removes what storeDemoPictures wrote, after a failed seed. */
export async function removeDemoPictures(storage: FileStorage, urls: DemoPictureUrls): Promise<void> {
  await removeUrls(storage, [...urls.farms, ...urls.products.flat()].flatMap(imageVariants));
}
