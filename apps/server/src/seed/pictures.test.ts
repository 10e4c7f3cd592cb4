import { PRODUCT_CATEGORIES } from '@farmstand/shared';
import { describe, expect, it } from 'vitest';
import { farmPictureSvgForTest, motifFor, productPictureSvg, renderProductPicture } from './pictures';

// Faults these tests keep out: strawberries drawn as a tomato and carrot, yarn and lard as candles, the name
// printed inside, bright tiles glared in dark mode and every farm was the same barn.
describe('demo pictures', () => {
  it.each([
    ['produce', 'Strawberries', 'strawberry'],
    ['other', 'Wool Yarn Skein', 'yarn'],
    ['other', 'Pasture-Raised Lard', 'lard'],
    ['other', 'Hand-Dipped Beeswax Candles', 'candles'],
    ['other', 'Goat Milk Soap', 'soap'],
    ['jellies', 'Strawberry Rhubarb Jam', 'jamRed'],
    ['produce', 'Heirloom Tomatoes', 'tomato'],
    ['herdshare', 'Nubian Goat Herdshare (Care Fee)', 'goat'],
    ['poultry', 'Heritage Thanksgiving Turkey', 'turkey'],
    ['baked_goods', 'Chocolate Chip Cookies', 'cookies'],
  ] as const)('%s "%s" is drawn as %s', (category, name, motif) => {
    expect(motifFor(category, name)).toBe(motif);
  });

  it('never prints text inside a picture', () => {
    for (const category of PRODUCT_CATEGORIES) expect(productPictureSvg(category, 'Anything', 3)).not.toContain('<text');
    expect(farmPictureSvgForTest('Green Valley Farm', 2)).not.toContain('<text');
  });

  it('uses calm backgrounds: no near-white or saturated background stops', () => {
    for (let variant = 0; variant < 6; variant++) {
      const stops = [...productPictureSvg('eggs', 'Eggs', variant).matchAll(/stop-color="#([0-9a-f]{6})"/g)].map((m) => m[1]);
      for (const hex of stops) {
        const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
        expect(Math.max(r, g, b)).toBeLessThan(0xe6); // never glaring white
        expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(0x40); // muted
      }
    }
  });

  it('varies the farm avatars', () => {
    const scenes = new Set(Array.from({ length: 7 }, (_, i) => farmPictureSvgForTest('Farm', i).replace(/cx="\d+"/g, '')));
    expect(scenes.size).toBe(7);
  });

  it('renders a WebP', async () => {
    const webp = await renderProductPicture('other', 'Wool Yarn Skein', 1);
    expect(webp.subarray(8, 12).toString()).toBe('WEBP');
  });
});
