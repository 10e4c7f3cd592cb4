import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProducerAvatar } from './producer-card';
import { FarmAvatar } from './profile-image-upload';

const url = '/uploads/producers/3/farm-800.webp';

/** The candidate a browser takes for a shown width and pixel density: the smallest w at least that wide. */
function chosenFile(srcset: string, shownPx: number, density: number): string | undefined {
  const candidates = srcset.split(', ').map((c) => {
    const [file, w] = c.split(' ');
    return { file, width: Number.parseInt(w ?? '0', 10) };
  });
  return candidates.sort((a, b) => a.width - b.width).find((c) => c.width >= shownPx * density)?.file;
}

describe('avatars are served at the size shown', () => {
  it('the farm page avatar (80 px, 96 px on wider screens) picks the 96 or 192 px file', () => {
    const { container } = render(
      <FarmAvatar name="Green Acres" url={url} sizes="(min-width: 640px) 96px, 80px" className="h-20 w-20 sm:h-24 sm:w-24" />,
    );
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('sizes')).toBe('(min-width: 640px) 96px, 80px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['96', '96']);
    const srcset = img.getAttribute('srcset') ?? '';
    expect(chosenFile(srcset, 80, 1)).toBe('/uploads/producers/3/farm-96.webp');
    expect(chosenFile(srcset, 96, 2)).toBe('/uploads/producers/3/farm-192.webp');
  });

  it('a producer card avatar (64 px) picks the 96 px file at 1x and the 192 px file at 2x and 3x', () => {
    const { container } = render(<ProducerAvatar name="Green Acres" imageUrl={url} />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('sizes')).toBe('64px');
    const srcset = img.getAttribute('srcset') ?? '';
    expect(chosenFile(srcset, 64, 1)).toBe('/uploads/producers/3/farm-96.webp');
    expect(chosenFile(srcset, 64, 2)).toBe('/uploads/producers/3/farm-192.webp');
    expect(chosenFile(srcset, 64, 3)).toBe('/uploads/producers/3/farm-192.webp');
  });

  it('without a photo the avatar is the farm’s initials, hidden from assistive tech', () => {
    const { container } = render(<FarmAvatar name="Green Acres" url={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('GA');
  });
});
