import { describe, expect, it } from 'vitest';
import { productCountText } from './products-tab';

describe('productCountText counts against the current product limit', () => {
  it('counts against the limit while under it', () => {
    expect(productCountText(3, 10)).toBe('3 of 10 active products');
    expect(productCountText(10, 10)).toBe('10 of 10 active products');
  });

  it('never reads "11 of 10" after an admin lowers the limit', () => {
    const text = productCountText(11, 10);
    expect(text).not.toContain('11 of 10');
    expect(text).toBe('11 listed, limit 10: deactivate 1 to add new products');
  });
});
