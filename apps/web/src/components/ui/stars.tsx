import { StarIcon } from './icons';

/** Five stars, filled to the rating (rounded to the nearest half for display). */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' }) {
  const rounded = Math.round(rating * 2) / 2;
  const box = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  return (
    <span className="inline-flex gap-0.5" role="img" aria-label={`${rating.toFixed(1)} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon
          key={n}
          filled
          className={`${box} ${
            n <= rounded ? 'text-amber-500' : n - 0.5 === rounded ? 'text-amber-300' : 'text-stone-300 dark:text-stone-600'
          }`}
        />
      ))}
    </span>
  );
}
