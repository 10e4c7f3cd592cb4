import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../seed/random';
import { indexOf, PLAIN_DISPLAY } from '../../../test/test-catalogue';
import { distanceFrom } from './geo-math';
import type { ListingData, ProducerData } from './listing-index';

/**
 * Centred searches read only the grid cells and the regions a circle touches, count whole ones
 * from sums and skip distances that cannot matter (decision 280). Checked here against a plain
 * reference — every listing, its own distance — over many producers spread unevenly (dense towns,
 * empty country between, some without a place), many centres, radii and pages, with no database.
 *
 * A circle whose box touched a region without any producer once read the whole catalogue's postings
 * for it (a missing region fell back to a default argument), so every match in the circle came twice.
 */
const WORDS = ['honey', 'bread', 'eggs', 'jam', 'cheese'];
const CATEGORIES = ['honey', 'bread', 'eggs', 'jellies', 'dairy'];
const NOW = Date.UTC(2026, 10, 23);

function buildCatalogue() {
  const random = createRandom(11);
  const towns = Array.from({ length: 12 }, () => ({ latitude: 37 + random.next() * 2, longitude: -86 + random.next() * 3 }));
  const producers: ProducerData[] = [];
  const listings: ListingData[] = [];
  for (let id = 1; id <= 600; id++) {
    const town = towns[id % towns.length];
    const placeless = id % 53 === 0;
    producers.push({
      producerId: id,
      latitude: placeless ? null : town.latitude + (random.next() - 0.5) * 0.4,
      longitude: placeless ? null : town.longitude + (random.next() - 0.5) * 0.4,
      // Some trials ended already: those producers are hidden.
      visibleUntil: id % 17 === 0 ? NOW - 1 : Number.POSITIVE_INFINITY,
      farmLexemes: [`farm${id % 7}`],
      farmName: `Farm ${id}`,
      farmLower: `farm ${id}`,
      verified: id % 3 === 0,
      userId: 10_000 + id,
      city: 'Town',
      state: 'KY',
      deliveryAvailable: false,
      deliveryRadius: null,
    });
  }
  let productId = 100_000;
  const perProducer = 6;
  for (let i = 0; i < producers.length * perProducer; i++) {
    const producer = producers[i % producers.length];
    const word = WORDS[(i * 7) % WORDS.length];
    listings.push({
      productId: productId--,
      producerId: producer.producerId,
      name: `${word} ${i % 3 === 0 ? 'special' : ''}`.trim(),
      category: CATEGORIES[i % CATEGORIES.length],
      availability: i % 4 === 0 ? 'sold_out' : 'available',
      nameLexemes: i % 2 === 0 ? [word, ...(i % 82 === 0 ? ['smoked'] : [])] : [],
      // The document holds the farm's name too, as the database's tsvector does. 'smoked' is a rare
      // word (postings, not bits), the others common (slot-bitmaps.ts).
      docLexemes: [
        word,
        i % 5 === 0 ? 'special' : 'plain',
        `farm${producer.producerId % 7}`,
        ...(i % 41 === 0 ? ['smoked'] : []),
      ],
      display: PLAIN_DISPLAY,
    });
  }
  const index = indexOf(producers, listings, [...WORDS, 'special', 'plain', 'farm3', 'smoked']);
  return { index, producers, listings, random };
}

/** The reference: every listing, filtered and ranked by tier, distance, newest, with the exact total. */
function reference(
  { producers, listings }: ReturnType<typeof buildCatalogue>,
  /**
   * One word, a group of alternatives (a typo's candidates: a listing matches any of them), or
   * groups of words (a listing matches every group; its tier is the highest every group reaches).
   */
  word: string | string[] | string[][] | null,
  center: { latitude: number; longitude: number },
  radius: number | null,
  category: string | undefined,
  offset: number,
  limit: number,
  placed = true,
  availability?: string,
) {
  const measure = distanceFrom(center);
  const byId = new Map(producers.map((producer) => [producer.producerId, producer]));
  const ranked = listings.flatMap((listing) => {
    const producer = byId.get(listing.producerId) as ProducerData;
    if (producer.visibleUntil <= NOW) return [];
    if (category && listing.category !== category) return [];
    if (availability && listing.availability !== availability) return [];
    const known = placed && producer.latitude !== null && producer.longitude !== null;
    const distance = known ? measure(producer.latitude as number, producer.longitude as number) : Number.POSITIVE_INFINITY;
    if (radius !== null && !(distance <= radius)) return [];
    const groups = groupsOf(word);
    const everyGroupIn = (lexemes: string[]) => groups.every((group) => group.some((w) => lexemes.includes(w)));
    if (word && !everyGroupIn(listing.docLexemes)) return [];
    const tier = !word ? 0 : everyGroupIn(listing.nameLexemes) ? 3 : everyGroupIn(producer.farmLexemes) ? 2 : 1;
    return [{ id: listing.productId, tier, distance }];
  });
  ranked.sort((a, b) => b.tier - a.tier || a.distance - b.distance || b.id - a.id);
  const page = ranked.slice(offset, offset + limit).map(({ id, distance }) => ({
    id,
    distance: Number.isFinite(distance) ? distance : null,
  }));
  return { page, total: ranked.length };
}

function groupsOf(word: string | string[] | string[][] | null): string[][] {
  if (word === null) return [];
  if (typeof word === 'string') return [[word]];
  return word.every((part) => typeof part === 'string') ? [word as string[]] : (word as string[][]);
}

/** Searches of two or three words: common ones (bits), a rare one (postings), and alternatives. */
const WORD_GROUPS: string[][][] = [
  [['honey'], ['special']],
  [['jam'], ['farm3']],
  [['eggs'], ['plain'], ['farm3']],
  [['smoked'], ['bread']],
  [['bread'], ['smoked']],
  [['smoked'], ['special'], ['plain']],
  [['cheese', 'jam'], ['special']],
  [['special'], ['eggs', 'smoked']],
  [['honey'], ['bread']],
];

describe('centred product search in the listing index', () => {
  const catalogue = buildCatalogue();
  const { index, random } = catalogue;

  it('ranks and counts every text search within a radius or at any distance as the reference does', () => {
    for (let trial = 0; trial < 150; trial++) {
      const center = { latitude: 36.8 + random.next() * 2.4, longitude: -86.2 + random.next() * 3.4 };
      const radius = [5, 10, 25, 50, 120, null][trial % 6];
      const word = WORDS[trial % WORDS.length];
      const category = trial % 4 === 0 ? CATEGORIES[trial % CATEGORIES.length] : undefined;
      const [offset, limit] = trial % 5 === 0 ? [200, 20] : [0, 20];
      const answer = index.search({
        groups: [[word]],
        category,
        area: { center, radiusMiles: radius },
        offset,
        limit,
        now: NOW,
      });
      const expected = reference(catalogue, word, center, radius, category, offset, limit);
      expect(answer.total).toBe(expected.total);
      expect(answer.page).toEqual(expected.page);
      expect(new Set(answer.page.map((row) => row.id)).size).toBe(answer.page.length);
    }
  });

  it('ranks and counts a text search without a place (tiers, then newest) as the reference does, filtered and deep too', () => {
    for (let trial = 0; trial < 88; trial++) {
      // Alternatives too: one matching in the product's name and another in the farm's is tier 3.
      // A typo's own spelling, which no listing holds, stands beside its alternatives; a common and a rare alternative.
      const word = [
        ...WORDS,
        'special',
        'farm3',
        ['jam', 'farm3'],
        ['eggs', 'farm3', 'special'],
        ['bred', 'bread'],
        ['eggs', 'smoked'],
      ][trial % 11];
      const category = trial % 4 === 0 ? CATEGORIES[trial % CATEGORIES.length] : undefined;
      const [offset, limit] = [
        [0, 20],
        [200, 20],
        [1000, 30],
        [5, 3],
      ][trial % 4];
      const groups = [typeof word === 'string' ? [word] : word];
      const availability = trial % 3 === 1 ? ['available', 'sold_out'][trial % 2] : undefined;
      const answer = index.search({ groups, category, availability, offset, limit, now: NOW });
      // Without a place every distance is unknown: the reference's infinite distances tie, so newest wins.
      const nowhere = { latitude: 0, longitude: 0 };
      const expected = reference(catalogue, word, nowhere, null, category, offset, limit, false, availability);
      expect(answer.total).toBe(expected.total);
      expect(answer.page).toEqual(expected.page);
    }
  });

  it('ranks and counts searches of several words, common and rare, with and without a place, as the reference does', () => {
    for (let trial = 0; trial < 180; trial++) {
      const groups = WORD_GROUPS[trial % WORD_GROUPS.length];
      const placed = trial % 3 !== 0;
      const center = { latitude: 36.8 + random.next() * 2.4, longitude: -86.2 + random.next() * 3.4 };
      const radius = [10, 25, 50, 120, null][trial % 5];
      const category = trial % 4 === 0 ? CATEGORIES[trial % CATEGORIES.length] : undefined;
      const availability = trial % 7 === 1 ? 'available' : undefined;
      const [offset, limit] = trial % 5 === 2 ? [200, 20] : [0, 20];
      const area = placed ? { center, radiusMiles: radius } : undefined;
      const answer = index.search({ groups, category, availability, area, offset, limit, now: NOW });
      const expected = placed
        ? reference(catalogue, groups, center, radius, category, offset, limit, true, availability)
        : reference(catalogue, groups, { latitude: 0, longitude: 0 }, null, category, offset, limit, false, availability);
      expect({ groups, total: answer.total }).toEqual({ groups, total: expected.total });
      expect(answer.page).toEqual(expected.page);
    }
  });

  it('lists and counts the nearest listings within a radius or at any distance as the reference does', () => {
    for (let trial = 0; trial < 150; trial++) {
      const center = { latitude: 36.8 + random.next() * 2.4, longitude: -86.2 + random.next() * 3.4 };
      const radius = [3, 10, 25, 50, 120, null][trial % 6];
      const category = trial % 3 === 0 ? CATEGORIES[trial % CATEGORIES.length] : undefined;
      const [offset, limit] = trial % 4 === 0 ? [200, 24] : [0, 20];
      const answer = index.search({ groups: null, category, area: { center, radiusMiles: radius }, offset, limit, now: NOW });
      const expected = reference(catalogue, null, center, radius, category, offset, limit);
      expect(answer.total).toBe(expected.total);
      expect(answer.page).toEqual(expected.page);
    }
  });
});
