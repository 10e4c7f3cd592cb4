import { productImageSrcSet } from '@farmstand/shared/constants/images';
import { BarnIcon, BasketIcon, type IconComponent, SproutIcon } from './icons';

/** Line icons, not emoji: emoji fonts are missing on many desktops and draw empty boxes. */
const CATEGORY_ICON: Record<string, IconComponent> = {
  produce: SproutIcon,
  herdshare: BarnIcon,
  dairy: BarnIcon,
  meat: BarnIcon,
  poultry: BarnIcon,
};

type Props = {
  url: string | null;
  category: string;
  alt: string;
  className?: string;
  sizes?: string;
  /** The first image on screen: fetched at once with high priority (it is usually the page's largest paint). */
  eager?: boolean;
  /** Intrinsic size for the browser's layout before the file arrives; CSS sets the shown size. */
  width?: number;
  height?: number;
};

/** A product photo (responsive when it is one of ours), or the category's icon on a soft tile. */
export function ProductImage({
  url,
  category,
  alt,
  className = '',
  sizes = '(min-width: 1024px) 25vw, 50vw',
  eager = false,
  width = 800,
  height = 600,
}: Props) {
  if (!url) {
    const Icon = CATEGORY_ICON[category] ?? BasketIcon;
    return (
      <div
        // An empty alt means the picture is decorative (the card names the product): hide it, as an <img alt=""> would be.
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={`flex items-center justify-center bg-gradient-to-br from-amber-50 to-green-100 text-brand-700 dark:from-stone-800 dark:to-green-950 dark:text-green-300 ${className}`}
      >
        <Icon className="h-12 w-12" />
      </div>
    );
  }
  return (
    <img
      src={url}
      srcSet={productImageSrcSet(url)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={`object-cover ${className}`}
    />
  );
}
