/**
 * Issue 47's device budgets: a farm's stand catalogue of 500 tiles (300 products sold as they are,
 * 100 sold in two sizes) with distinct names, and the searches a farmer types into the register,
 * all from a seed so every run measures the same work.
 */
export type StandItem = { name: string; category: string; variants: string[] };

const WORDS = ['Heirloom', 'Sweet', 'Red', 'Golden', 'Purple', 'Early', 'Baby', 'Wild', 'Smoked', 'Spicy'];
const MORE = ['Ridge', 'Creek', 'Hollow', 'Valley', 'Meadow', 'Orchard', 'Bottom', 'Hill', 'Spring', 'Barn'];
const GOODS: [string, string][] = [
  ['tomatoes', 'produce'],
  ['sweet corn', 'produce'],
  ['green beans', 'produce'],
  ['peppers', 'produce'],
  ['squash', 'produce'],
  ['potatoes', 'produce'],
  ['apples', 'produce'],
  ['sourdough', 'bread'],
  ['honey', 'honey'],
  ['eggs', 'eggs'],
  ['ground beef', 'meat'],
  ['pork chops', 'meat'],
  ['chicken', 'poultry'],
  ['jam', 'jellies'],
  ['pickles', 'preserved_foods'],
  ['cookies', 'baked_goods'],
];
const SIZES: [string, string][] = [
  ['Pint', 'Quart'],
  ['Half dozen', 'Dozen'],
  ['Small', 'Large'],
  ['1 lb', '2 lb'],
];

/** A small seeded generator (mulberry32): the same catalogue and queries on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 400 products with distinct names, the last 100 in two sizes: 500 tiles. */
export function standItems(seed = 47): StandItem[] {
  const random = seeded(seed);
  const names = new Set<string>();
  const items: StandItem[] = [];
  while (items.length < 400) {
    const [good, category] = GOODS[Math.floor(random() * GOODS.length)] as [string, string];
    const name = `${WORDS[Math.floor(random() * WORDS.length)]} ${MORE[Math.floor(random() * MORE.length)]} ${good}`;
    if (names.has(name)) continue;
    names.add(name);
    const sizes = items.length >= 300 ? SIZES[Math.floor(random() * SIZES.length)] : undefined;
    items.push({ name, category, variants: sizes ? [...sizes] : [] });
  }
  return items;
}

/** `count` distinct tile names as a farmer would type them (lower case), each to be typed letter by letter. */
export function standQueries(items: StandItem[], count: number, seed = 477): string[] {
  const random = seeded(seed);
  const tiles = items.flatMap((item) => (item.variants.length ? item.variants.map((v) => `${item.name} ${v}`) : [item.name]));
  const picked = new Set<string>();
  while (picked.size < count) picked.add((tiles[Math.floor(random() * tiles.length)] as string).toLowerCase());
  return [...picked];
}

/** Every prefix of a query: one search per keystroke. */
export const keystrokes = (query: string) => Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1));

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
