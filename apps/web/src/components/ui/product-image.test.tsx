import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

describe('ProductImage gives pictures their size and loads all but the first lazily', () => {
  const url = '/uploads/products/7/abc-800.webp';

  it('gives every picture its dimensions, a srcset of the stored widths, and lazy loading', () => {
    const { container } = render(<ProductImage url={url} category="eggs" alt="Eggs" />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('width')).toBe('800');
    expect(img.getAttribute('height')).toBe('600');
    expect(img.getAttribute('srcset')).toBe(
      '/uploads/products/7/abc-96.webp 96w, /uploads/products/7/abc-192.webp 192w, /uploads/products/7/abc-400.webp 400w, /uploads/products/7/abc-800.webp 800w, /uploads/products/7/abc-1600.webp 1600w',
    );
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBe('auto');
  });

  it('loads the first visible picture at once with high priority', () => {
    const { container } = render(<ProductImage url={url} category="eggs" alt="Eggs" eager />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
