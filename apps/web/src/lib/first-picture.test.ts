import { describe, expect, it } from 'vitest';
import { firstPictured } from './first-picture';

describe('the first picture of a list', () => {
  it('is the first item that has a photo, not the first item', () => {
    const items = [{ photo: null }, { photo: '' }, { photo: '/a.webp' }, { photo: '/b.webp' }];
    expect(firstPictured(items, (item) => item.photo)).toBe(2);
    expect(firstPictured([{ photo: null }], (item) => item.photo)).toBe(-1);
  });
});
