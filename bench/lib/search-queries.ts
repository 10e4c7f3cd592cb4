import { AVAILABILITIES, PRODUCT_CATEGORIES, STATES } from '@farmstand/shared';
import type pg from 'pg';
import zipcodes from 'zipcodes';
import { createRandom, type Random } from '../../apps/server/src/seed/random';

/** One measured search shape: its distinct request paths (issue 9: ≥ 10,000 over all shapes). */
export type SearchShape = {
  label: string;
  kind: 'products' | 'suggestions' | 'map' | 'producers';
  paths: string[];
  /** Answers of hundreds of kilobytes are measured with the body-discarding client. */
  largeBody?: boolean;
};

type Place = { latitude: number; longitude: number };

/** How many distinct paths each shape gets. */
const PER_SHAPE = 1000;

/** A typo a shopper makes: a letter dropped, doubled or two swapped. */
function typo(word: string, random: Random): string {
  const at = random.int(1, word.length - 2);
  const kind = random.int(0, 2);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word[at] + word.slice(at);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

/** The `bbox` of a 1280 × 800 pixel map centred on a place at that zoom. */
function viewport(p: Place, zoom: number): string {
  const width = (1280 / 256) * (360 / 2 ** zoom);
  const height = (800 / 256) * (360 / 2 ** zoom) * 0.8;
  return [p.longitude - width / 2, p.latitude - height / 2, p.longitude + width / 2, p.latitude + height / 2]
    .map((v) => v.toFixed(4))
    .join(',');
}

function distinct(build: (i: number) => string, wanted = PER_SHAPE): string[] {
  const paths = new Set<string>();
  for (let i = 0; paths.size < wanted && i < wanted * 20; i++) paths.add(build(i));
  return [...paths];
}

/**
 * Every search shape of issue 9 with ≥ 1,000 distinct requests each: words come from the bench
 * catalogue's own product and farm names (so they match as real searches do), places from ZIP
 * centres across the five states, typos are made from real words.
 */
export async function buildSearchShapes(pool: pg.Pool): Promise<SearchShape[]> {
  const random = createRandom(99);
  const names = (await pool.query<{ name: string }>('select name from search_names order by name')).rows.map((r) => r.name);
  const farms = (
    await pool.query<{ farm_name: string }>('select distinct farm_name from search_producers order by farm_name limit 400')
  ).rows.map((r) => r.farm_name);
  const words = [
    ...new Set(
      names
        .flatMap((name) => name.toLowerCase().split(/[^\p{L}]+/u))
        .filter((word) => word.length >= 4 && !['with', 'from', 'farm'].includes(word)),
    ),
  ];
  const longWords = words.filter((word) => word.length >= 6);
  const pairs = names
    .map((name) =>
      name
        .toLowerCase()
        .split(/[^\p{L}]+/u)
        .filter((w) => w.length >= 3),
    )
    .filter((parts) => parts.length >= 2)
    .map((parts) => `${parts[0]} ${parts[1]}`);
  const places: Place[] = [];
  for (const state of STATES) {
    const zips = zipcodes.lookupByState(state);
    const picks = state === 'KY' ? 80 : 30;
    for (let i = 0; i < picks; i++) {
      const zip = zips[Math.floor(((i + 0.5) * zips.length) / picks)];
      places.push({ latitude: zip.latitude, longitude: zip.longitude });
    }
  }
  const place = () => random.pick(places);
  const at = (p: Place) => `latitude=${p.latitude}&longitude=${p.longitude}`;
  const word = () => random.pick(words);
  const q = (text: string) => encodeURIComponent(text);
  const availability = () => random.pick(['', ...AVAILABILITIES]);
  const withAvailability = () => {
    const value = availability();
    return value ? `&availability=${value}` : '';
  };
  const products = (query: string) => `/api/search/products?${query}&limit=20`;

  const shapes: SearchShape[] = [
    {
      label: 'products: text only',
      kind: 'products',
      paths: distinct(() => products(`search=${q(word())}${withAvailability()}&offset=${random.pick([0, 20, 40])}`)),
    },
    {
      label: 'products: text + category',
      kind: 'products',
      paths: distinct(() => products(`search=${q(word())}&category=${random.pick(PRODUCT_CATEGORIES)}`)),
    },
    {
      label: 'products: text + radius',
      kind: 'products',
      paths: distinct(() => products(`search=${q(word())}&${at(place())}&radius=${random.pick([10, 25, 50])}`)),
    },
    {
      label: 'products: radius only',
      kind: 'products',
      paths: distinct(() => products(`${at(place())}&radius=${random.pick([10, 25, 50])}${withAvailability()}`)),
    },
    {
      label: 'products: category only',
      kind: 'products',
      paths: distinct(
        () => products(`category=${random.pick(PRODUCT_CATEGORIES)}${withAvailability()}&offset=${20 * random.int(0, 10)}`),
        700,
      ),
    },
    {
      label: 'products: browse (no filter)',
      kind: 'products',
      paths: distinct(() => `/api/search/products?limit=${random.pick([20, 24, 30])}&offset=${20 * random.int(0, 300)}`),
    },
    {
      label: 'products: typos',
      kind: 'products',
      paths: distinct(() => {
        const text = typo(random.pick(longWords), random);
        return products(random.chance(0.5) ? `search=${q(text)}` : `search=${q(text)}&${at(place())}&radius=25`);
      }),
    },
    {
      label: 'products: two words',
      kind: 'products',
      paths: distinct(() =>
        products(
          `search=${q(random.chance(0.6) ? random.pick(pairs) : `${word()} ${word()}`)}${random.chance(0.3) ? `&${at(place())}&radius=50` : ''}`,
        ),
      ),
    },
    {
      label: 'products: deep page (offset 200)',
      kind: 'products',
      paths: distinct(() =>
        products(
          `${random.chance(0.5) ? `search=${q(word())}` : `category=${random.pick(PRODUCT_CATEGORIES)}`}&offset=200${random.chance(0.3) ? `&${at(place())}&radius=50` : ''}`,
        ),
      ),
    },
    {
      label: 'suggestions',
      kind: 'suggestions',
      paths: distinct(() => {
        const source = random.chance(0.7) ? random.pick(words) : random.pick(farms).toLowerCase();
        return `/api/search/suggestions?q=${q(source.slice(0, random.int(2, Math.min(8, source.length))))}`;
      }),
    },
    {
      label: 'producers: list (search + 25/50 mi)',
      kind: 'producers',
      paths: distinct(
        () =>
          `/api/search/producers?search=${q(random.chance(0.5) ? word() : '')}&${at(place())}&radius=${random.pick([25, 50])}`,
      ),
    },
    {
      label: 'producers: map by viewport + zoom',
      kind: 'map',
      paths: distinct(() => {
        const p = place();
        const zoom = random.int(5, 14);
        const box = viewport(p, zoom);
        const filter = random.chance(0.3)
          ? `&category=${random.pick(PRODUCT_CATEGORIES)}`
          : random.chance(0.2)
            ? '&verified=true'
            : '';
        return `/api/search/producers?bbox=${box}&zoom=${zoom}${filter}`;
      }),
    },
    {
      label: "producers: map, spec's radius call (10 mi)",
      kind: 'map',
      largeBody: true,
      paths: distinct(() => {
        const p = place();
        return `/api/search/producers?lat=${p.latitude}&lng=${p.longitude}&radius=10${random.chance(0.3) ? '&verified=true' : ''}`;
      }, 300),
    },
  ];
  return [...shapes, ...(await benefitShapes(pool, places))];
}

/**
 * Search's `benefits` filter (decision 516) beside the filters above, with the same spread of places
 * and its own seed (the shapes above keep their paths): SNAP alone, SNAP near a place, SNAP composed
 * with text, category and a radius, and coupons on the producer list and the map. The composed
 * shape searches a word of a product name within that product's category, as a shopper would.
 */
async function benefitShapes(pool: pg.Pool, places: Place[]): Promise<SearchShape[]> {
  const random = createRandom(516);
  const listed = await pool.query<{ category: string; name: string }>(
    'select distinct category, lower(name) as name from search_listings order by category, name',
  );
  const pairs = [
    ...new Set(
      listed.rows.flatMap(({ category, name }) =>
        name
          .split(/[^\p{L}]+/u)
          .filter((word) => word.length >= 4 && !['with', 'from', 'farm'].includes(word))
          .map((word) => `${category}\t${word}`),
      ),
    ),
  ].map((pair) => pair.split('\t') as [string, string]);
  const place = () => random.pick(places);
  const at = (p: Place) => `latitude=${p.latitude}&longitude=${p.longitude}`;
  const availability = () => {
    const value = random.pick(['', ...AVAILABILITIES]);
    return value ? `&availability=${value}` : '';
  };
  const products = (query: string) => `/api/search/products?${query}&limit=20`;
  return [
    {
      label: 'products: benefits=snap only',
      kind: 'products',
      // As 'category only' (the first pages, any availability); the page size varies so that each
      // of the 1,000 requests differs.
      paths: distinct(
        () => `/api/search/products?benefits=snap${availability()}&limit=${random.int(10, 30)}&offset=${20 * random.int(0, 10)}`,
      ),
    },
    {
      label: 'products: benefits=snap + radius',
      kind: 'products',
      paths: distinct(() => products(`benefits=snap&${at(place())}&radius=${random.pick([10, 25, 50])}${availability()}`)),
    },
    {
      label: 'products: benefits=snap + text + category + radius',
      kind: 'products',
      paths: distinct(() => {
        const [category, word] = random.pick(pairs);
        return products(
          `benefits=snap&search=${encodeURIComponent(word)}&category=${category}&${at(place())}&radius=${random.pick([25, 50])}`,
        );
      }),
    },
    {
      label: 'producers: list, benefits=coupons (search + 25/50 mi)',
      kind: 'producers',
      paths: distinct(() => {
        const search = random.chance(0.5) ? encodeURIComponent(random.pick(pairs)[1]) : '';
        return `/api/search/producers?benefits=coupons&search=${search}&${at(place())}&radius=${random.pick([25, 50])}`;
      }),
    },
    {
      label: 'producers: map by viewport + zoom, benefits=coupons',
      kind: 'map',
      paths: distinct(() => {
        const p = place();
        const zoom = random.int(5, 14);
        const box = viewport(p, zoom);
        const category = random.chance(0.3) ? `&category=${random.pick(PRODUCT_CATEGORIES)}` : '';
        return `/api/search/producers?bbox=${box}&zoom=${zoom}&benefits=coupons${category}`;
      }),
    },
  ];
}
