import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../seed/random';
import { indexOf, PLAIN_DISPLAY } from '../../../test/test-catalogue';
import { distanceFrom } from './geo-math';
import type { ListingData, ProducerData, ProducerQuery } from './listing-index';
import { compareUtf8, TrigramCodes, TrigramQuery, WORD_SIMILARITY_THRESHOLD, wordSimilarity } from './word-similarity';

/**
 * The producer list read from the listing index counts a radius from the grid's per-cell sums, takes
 * its page from the nearest circle holding it, and with text reads only the farms the text can match
 * when they are fewer than the farms in the circle. Checked here against a plain reference — every
 * producer, its own distance and word similarity — over many farms spread unevenly, with repeated
 * names, many centres, radii, filters and pages, with no database.
 */
const WORDS = ['honey', 'bread', 'eggs', 'jam', 'cheese'];
const CATEGORIES = ['honey', 'bread', 'eggs', 'jellies', 'dairy'];
const FARM_NAMES = [
  'Honey Valley Farm',
  'Green Valley Farm',
  'Ridge Farm',
  'Sunny Acres',
  'The Bee Yard',
  'Goat Hill Creamery',
  'Apple Orchard Co',
  'Creek Side Farm',
  'Old Mill Bakery',
  'Valley View Dairy',
];
const NOW = Date.UTC(2026, 10, 24);

function buildCatalogue() {
  const random = createRandom(23);
  const towns = Array.from({ length: 8 }, () => ({ latitude: 37 + random.next() * 2, longitude: -86 + random.next() * 3 }));
  const producers: ProducerData[] = [];
  const listings: ListingData[] = [];
  for (let id = 1; id <= 1200; id++) {
    const town = towns[id % towns.length];
    const placeless = id % 61 === 0;
    const base = FARM_NAMES[(id * 7) % FARM_NAMES.length];
    const farmName = id % 5 === 0 ? `${base} ${id}` : base;
    producers.push({
      producerId: id,
      latitude: placeless ? null : town.latitude + (random.next() - 0.5) * 0.5,
      longitude: placeless ? null : town.longitude + (random.next() - 0.5) * 0.5,
      visibleUntil: id % 19 === 0 ? NOW - 1 : Number.POSITIVE_INFINITY,
      farmLexemes: farmName.toLowerCase().split(' '),
      farmName,
      farmLower: farmName.toLowerCase(),
      verified: id % 3 === 0,
      userId: 50_000 + id,
      city: 'Town',
      state: 'KY',
      deliveryAvailable: false,
      deliveryRadius: null,
    });
  }
  let productId = 500_000;
  for (const producer of producers) {
    for (let n = 0; n < 1 + (producer.producerId % 3); n++) {
      const word = WORDS[(producer.producerId + n * 3) % WORDS.length];
      listings.push({
        productId: productId--,
        producerId: producer.producerId,
        name: word,
        category: CATEGORIES[(producer.producerId * 2 + n) % CATEGORIES.length],
        availability: 'available',
        nameLexemes: [word],
        docLexemes: [word, ...producer.farmLexemes],
        display: PLAIN_DISPLAY,
      });
    }
  }
  const index = indexOf(producers, listings, WORDS);
  // The reference's own trigram codes of every farm name, and each producer's listings.
  const codes = new TrigramCodes();
  const trigramsOf = new Map(producers.map((producer) => [producer.producerId, codes.encode(producer.farmLower)]));
  const listingsOf = new Map<number, ListingData[]>();
  for (const listing of listings) listingsOf.set(listing.producerId, [...(listingsOf.get(listing.producerId) ?? []), listing]);
  return { index, producers, codes, trigramsOf, listingsOf, towns, random };
}

/** The reference: every producer filtered, matched and ranked as `searchProducers` documents it. */
function reference({ producers, codes, trigramsOf, listingsOf }: ReturnType<typeof buildCatalogue>, query: ProducerQuery) {
  const lowered = query.text?.toLowerCase();
  const trigramQuery = lowered === undefined ? null : new TrigramQuery(lowered, codes);
  const measure = query.area ? distanceFrom(query.area.center) : null;
  const radius = query.area?.radiusMiles ?? null;
  const ranked = producers.flatMap((producer) => {
    if (producer.visibleUntil <= NOW) return [];
    const own = listingsOf.get(producer.producerId) ?? [];
    if (query.category && !own.some((listing) => listing.category === query.category)) return [];
    if (query.verifiedOnly && !producer.verified) return [];
    const placed = producer.latitude !== null && producer.longitude !== null;
    if (query.requireCoordinates && !placed) return [];
    const distance = measure && placed ? measure(producer.latitude as number, producer.longitude as number) : Number.NaN;
    if (radius !== null && !(distance <= radius)) return [];
    let similarity = 0;
    if (trigramQuery && lowered !== undefined) {
      similarity = wordSimilarity(trigramQuery, trigramsOf.get(producer.producerId) as Int32Array);
      const sells =
        query.groups.length > 0 &&
        own.some((listing) => query.groups.every((group) => group.some((lexeme) => listing.docLexemes.includes(lexeme))));
      if (!sells && !producer.farmLower.includes(lowered) && similarity < WORD_SIMILARITY_THRESHOLD) return [];
    }
    return [{ producer, similarity, distance }];
  });
  ranked.sort((a, b) => {
    if (a.similarity !== b.similarity) return b.similarity - a.similarity;
    const aNone = Number.isNaN(a.distance);
    const bNone = Number.isNaN(b.distance);
    if (aNone !== bNone) return aNone ? 1 : -1;
    if (!aNone && a.distance !== b.distance) return a.distance - b.distance;
    return compareUtf8(a.producer.farmName, b.producer.farmName) || a.producer.producerId - b.producer.producerId;
  });
  const end = query.limit === null ? undefined : query.offset + query.limit;
  const page = ranked.slice(query.offset, end).map(({ producer, distance }) => ({
    producerId: producer.producerId,
    distance: Number.isNaN(distance) ? null : distance,
  }));
  return { page, total: ranked.length };
}

/** Text as the route passes it: the typed text and its lexeme groups (words of the vocabulary here). */
const TEXTS: { text?: string; groups: string[][] }[] = [
  { groups: [] },
  { text: 'honey', groups: [['honey']] },
  { text: 'valley', groups: [['valley']] },
  { text: 'vally', groups: [] },
  { text: 'farm', groups: [['farm']] },
  { text: 'ee', groups: [] },
  { text: 'goat hill', groups: [['goat'], ['hill']] },
  { text: 'bread', groups: [['bread']] },
  { text: 'zzzqqq', groups: [] },
  { text: 'farm 35', groups: [['farm'], ['35']] },
  // Held inside a farm's name but not word-similar to it ('valley', 'honey valley').
  { text: 'alle', groups: [] },
  { text: 'ey v', groups: [] },
  // A typo's group: the common words' farms from bits (one spelling no listing holds), or, with a
  // rare word among them, from postings (decision 310).
  { text: 'hony', groups: [['hony', 'honey', 'bread']] },
  { text: 'honey 35', groups: [['honey', '35']] },
];

describe('the producer list in the listing index', () => {
  const catalogue = buildCatalogue();
  const { index, towns, random } = catalogue;

  it('ranks and counts every list within a radius, at any distance or without a place as the reference does', () => {
    let compared = 0;
    for (let round = 0; round < 24; round++) {
      const town = random.pick(towns);
      const center = {
        latitude: town.latitude + (random.next() - 0.5) * 0.3,
        longitude: town.longitude + (random.next() - 0.5) * 0.3,
      };
      for (const text of TEXTS) {
        for (const radiusMiles of [3, 10, 25, 50, 120, null]) {
          const query: ProducerQuery = {
            ...text,
            category: round % 4 === 1 ? random.pick(CATEGORIES) : undefined,
            verifiedOnly: round % 5 === 2,
            area: round % 8 === 7 ? undefined : { center, radiusMiles },
            requireCoordinates: round % 6 === 3,
            limit: round % 9 === 4 ? null : random.pick([1, 10, 20]),
            offset: random.pick([0, 0, 3, 40]),
            now: NOW,
          };
          expect({ query, answer: index.searchProducers(query) }).toEqual({ query, answer: reference(catalogue, query) });
          compared++;
        }
      }
    }
    expect(compared).toBe(24 * TEXTS.length * 6);
  });
});
