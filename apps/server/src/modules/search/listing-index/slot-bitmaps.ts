import { FARM, NAME, type Posting } from './postings';

/**
 * Counting a common word's matches without walking them (decision 280). At national scale a word
 * of a product name is in tens or hundreds of thousands of listings (143 lexemes of the 1M bench
 * are in over 31,250 each, one in 762,094), and a search must give the exact total of the visible
 * ones: walking them cost most of a text search. For those words the index keeps a bit per listing
 * slot, and the total is the population count of (word bits AND visible AND category AND
 * availability): 31,250 words at 1M slots, whatever the word's frequency.
 *
 * A word is kept as bits only where that is smaller than its postings (over one slot in 32).
 *
 * Such a word also keeps bits of the slots where it is in the product's name and in the farm's
 * name, so a search for it with a rarer word intersects by testing bits for the rarer word's
 * matches only (`keepHolding`), not by merging with its long postings.
 */
export class SlotBitmaps {
  private readonly byLexeme = new Map<string, Uint32Array>();
  private readonly inName = new Map<string, Uint32Array>();
  private readonly inFarm = new Map<string, Uint32Array>();
  private readonly byCategory: Uint32Array[];
  private readonly byAvailability: Uint32Array[];
  private readonly words: number;

  constructor(
    listingCount: number,
    private readonly postings: Map<string, Posting>,
    categoryOf: Uint8Array,
    availabilityOf: Uint8Array,
    categoryCount: number,
    availabilityCount: number,
  ) {
    this.words = Math.ceil(listingCount / 32);
    for (const [lexeme, posting] of postings) {
      if (posting.slots.length * 32 < listingCount) continue;
      this.byLexeme.set(lexeme, this.bitsOf(posting.slots));
      this.inName.set(lexeme, this.bitsOf(posting.slots.filter((_, i) => (posting.flags[i] & NAME) !== 0)));
      this.inFarm.set(lexeme, this.bitsOf(posting.slots.filter((_, i) => (posting.flags[i] & FARM) !== 0)));
    }
    this.byCategory = Array.from({ length: categoryCount }, () => new Uint32Array(this.words));
    this.byAvailability = Array.from({ length: availabilityCount }, () => new Uint32Array(this.words));
    for (let slot = 0; slot < listingCount; slot++) {
      setBit(this.byCategory[categoryOf[slot]], slot);
      setBit(this.byAvailability[availabilityOf[slot]], slot);
    }
  }

  /** One word, the common case, without the general loop's inner arrays. */
  private countOne(bits: Uint32Array, filters: Uint32Array[]): number {
    const [visible, first = null, second = null] = filters;
    let total = 0;
    for (let word = 0; word < this.words; word++) {
      let x = bits[word] & visible[word];
      if (first) x &= first[word];
      if (second) x &= second[word];
      if (x !== 0) total += popCount(x);
    }
    return total;
  }

  private bitsOf(slots: Int32Array): Uint32Array {
    const bits = new Uint32Array(this.words);
    for (const slot of slots) setBit(bits, slot);
    return bits;
  }

  /** Whether a lexeme is kept as bits (`keepHolding` can intersect with it). */
  holds(lexeme: string): boolean {
    return this.byLexeme.has(lexeme);
  }

  /**
   * The matches of `current` where the lexeme is too — anywhere in the listing, or only in its
   * name or its farm's name (the postings `within` reads) — with flags ANDed as `intersect` does;
   * null when the lexeme is not kept as bits.
   */
  keepHolding(current: Posting, lexeme: string, within: 'anywhere' | 'name' | 'farm'): Posting | null {
    const any = this.byLexeme.get(lexeme);
    const name = this.inName.get(lexeme);
    const farm = this.inFarm.get(lexeme);
    if (!any || !name || !farm) return null;
    const member = within === 'name' ? name : within === 'farm' ? farm : any;
    const slots = new Int32Array(current.slots.length);
    const flags = new Uint8Array(current.slots.length);
    let n = 0;
    for (let i = 0; i < current.slots.length; i++) {
      const slot = current.slots[i];
      const word = slot >>> 5;
      const bit = 1 << (slot & 31);
      if ((member[word] & bit) === 0) continue;
      slots[n] = slot;
      flags[n++] = current.flags[i] & (((name[word] & bit) !== 0 ? NAME : 0) | ((farm[word] & bit) !== 0 ? FARM : 0));
    }
    return { slots: slots.subarray(0, n), flags: flags.subarray(0, n) };
  }

  /** An empty bitmap of the index's size (the caller fills the visible slots). */
  blank(): Uint32Array {
    return new Uint32Array(this.words);
  }

  /**
   * How many visible slots match every group (any lexeme of it) and the filters (-1: any), or null
   * when a lexeme of the groups is not kept as bits (its postings are short: walk them instead). A
   * lexeme no listing holds (a typo's own spelling beside its alternatives) adds nothing to its group.
   */
  count(groups: string[][], visible: Uint32Array, category: number, availability: number): number | null {
    const lexemeBits: Uint32Array[][] = [];
    for (const group of groups) {
      const bits: Uint32Array[] = [];
      for (const lexeme of group) {
        const kept = this.byLexeme.get(lexeme);
        if (kept) bits.push(kept);
        else if (this.postings.has(lexeme)) return null;
      }
      if (bits.length === 0) return null;
      lexemeBits.push(bits);
    }
    const filters = [visible];
    if (category >= 0) filters.push(this.byCategory[category]);
    if (availability >= 0) filters.push(this.byAvailability[availability]);
    const groupsBits = lexemeBits;
    if (groupsBits.length === 1 && groupsBits[0].length === 1) return this.countOne(groupsBits[0][0], filters);
    let total = 0;
    for (let word = 0; word < this.words; word++) {
      let x = 0xffffffff;
      for (const bits of filters) x &= bits[word];
      for (let g = 0; g < groupsBits.length && x !== 0; g++) {
        let any = 0;
        for (const bits of groupsBits[g]) any |= bits[word];
        x &= any;
      }
      if (x !== 0) total += popCount(x);
    }
    return total;
  }
  /**
   * A filtered text search's tiers from bits (category or availability set, every lexeme common):
   * walks the slots of (visible AND filters AND every group) in slot order, 32 at a time, and hands
   * `keep` each one its tier may still take — at most `need` of a tier and those above, as
   * `collectInOneWalk` keeps them — with the tier of its flags (3: every group in the product's name,
   * 2: in the farm's name, 1: elsewhere). Returns how many match; null when a lexeme is not kept as
   * bits. A common word with a filter otherwise walked every one of its postings (up to 4 ms).
   */
  collectTiers(
    groups: string[][],
    visible: Uint32Array,
    category: number,
    availability: number,
    need: number,
    keep: (slot: number, tier: number) => void,
  ): number | null {
    const anyOf: Uint32Array[][] = [];
    const nameOf: Uint32Array[][] = [];
    const farmOf: Uint32Array[][] = [];
    for (const group of groups) {
      const any: Uint32Array[] = [];
      const name: Uint32Array[] = [];
      const farm: Uint32Array[] = [];
      for (const lexeme of group) {
        const bits = this.byLexeme.get(lexeme);
        if (bits) {
          any.push(bits);
          name.push(this.inName.get(lexeme) as Uint32Array);
          farm.push(this.inFarm.get(lexeme) as Uint32Array);
        } else if (this.postings.has(lexeme)) return null;
      }
      if (any.length === 0) return null;
      anyOf.push(any);
      nameOf.push(name);
      farmOf.push(farm);
    }
    const categoryBits = category >= 0 ? this.byCategory[category] : null;
    const availabilityBits = availability >= 0 ? this.byAvailability[availability] : null;
    // held[t]: slots kept in tier t and above.
    const held = [0, 0, 0, 0];
    let total = 0;
    for (let word = 0; word < this.words; word++) {
      let x = visible[word];
      if (categoryBits) x &= categoryBits[word];
      if (availabilityBits) x &= availabilityBits[word];
      let inName = -1;
      let inFarm = -1;
      for (let g = 0; g < anyOf.length && x !== 0; g++) {
        const any = anyOf[g];
        let matched = 0;
        let named = 0;
        let farmed = 0;
        for (let l = 0; l < any.length; l++) {
          matched |= any[l][word];
          named |= nameOf[g][l][word];
          farmed |= farmOf[g][l][word];
        }
        x &= matched;
        inName &= named;
        inFarm &= farmed;
      }
      if (x === 0) continue;
      total += popCount(x);
      if (held[3] >= need) continue;
      for (let rest = x; rest !== 0; ) {
        const lowest = rest & -rest;
        rest ^= lowest;
        const tier = (inName & lowest) !== 0 ? 3 : (inFarm & lowest) !== 0 ? 2 : 1;
        if (held[tier] >= need) continue;
        keep((word << 5) | (31 - Math.clz32(lowest)), tier);
        for (let t = tier; t >= 1; t--) held[t]++;
      }
    }
    return total;
  }
}

export function setBit(bits: Uint32Array, slot: number): void {
  bits[slot >>> 5] |= 1 << (slot & 31);
}

function popCount(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
