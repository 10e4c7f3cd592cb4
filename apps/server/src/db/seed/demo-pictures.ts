import type { FileStorage } from '../../lib/file-storage';
import type { DemoFarm } from './farms';
import { slugify } from './farms';
import { renderFarmPicture, renderProductPicture, runPool } from './pictures';

export type DemoPictureUrls = { farms: string[]; products: string[][] };

/** sharp runs on libuv's pool of 4 threads; more in flight only queues and holds buffers. */
const RENDER_CONCURRENCY = 4;

/**
 * Renders and stores a picture for every farm and product. Keys follow the catalogue's order, so
 * a rerun writes the same files. They are single files outside the uploads' `-<width>.webp`
 * scheme, so the web app loads them as a plain src and image replacement removes just that file.
 */
export async function storeDemoPictures(storage: FileStorage, farms: DemoFarm[]): Promise<DemoPictureUrls> {
  const jobs: (() => Promise<string>)[] = [];
  const store = async (key: string, render: Promise<Buffer>) => storage.put(key, await render, 'image/webp');
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

/** Removes what storeDemoPictures wrote, after a failed seed. */
export async function removeDemoPictures(storage: FileStorage, urls: DemoPictureUrls): Promise<void> {
  await Promise.all([...urls.farms, ...urls.products.flat()].map((url) => storage.remove(url)));
}
