import { productImageSrcSet } from '@farmstand/shared/schemas/products';

const CATEGORY_EMOJI: Record<string, string> = {
  eggs: '🥚',
  bread: '🍞',
  jellies: '🍓',
  produce: '🥕',
  honey: '🍯',
  dairy: '🧀',
  herdshare: '🐄',
  pet_food: '🐾',
  meat: '🥩',
  poultry: '🍗',
  baked_goods: '🥧',
  preserved_foods: '🫙',
  other: '🧺',
};

type Props = { url: string | null; category: string; alt: string; className?: string; sizes?: string; eager?: boolean };

/** A product photo (responsive when it is one of ours), or the category's emoji on a soft tile. */
export function ProductImage({
  url,
  category,
  alt,
  className = '',
  sizes = '(min-width: 1024px) 25vw, 50vw',
  eager = false,
}: Props) {
  if (!url) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-gradient-to-br from-amber-50 to-green-100 text-5xl dark:from-stone-800 dark:to-green-950 ${className}`}
      >
        <span aria-hidden="true">{CATEGORY_EMOJI[category] ?? '🧺'}</span>
      </div>
    );
  }
  return (
    <img
      src={url}
      srcSet={productImageSrcSet(url)}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      className={`object-cover ${className}`}
    />
  );
}
