/** Five stars, filled to the rating (rounded to the nearest half for display). */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' }) {
  const rounded = Math.round(rating * 2) / 2;
  const text = size === 'sm' ? 'text-sm' : 'text-lg';
  return (
    <span className={`inline-flex ${text} leading-none`} role="img" aria-label={`${rating.toFixed(1)} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          aria-hidden="true"
          className={
            n <= rounded ? 'text-amber-500' : n - 0.5 === rounded ? 'text-amber-300' : 'text-stone-300 dark:text-stone-600'
          }
        >
          ★
        </span>
      ))}
    </span>
  );
}
