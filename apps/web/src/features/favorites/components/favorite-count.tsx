import { useFavoriteCount } from '../api';

/**
 * 'Saved by N shoppers' with a heart, on the public producer page. Everyone
 * sees it; the count follows a consumer's own toggle at once (the toggle writes the same cache).
 */
export function FavoriteCount({ producerId }: { producerId: number }) {
  const count = useFavoriteCount(producerId);
  if (!count.isSuccess) return null;
  const n = count.data.count;
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300" data-testid="favorite-count">
      <svg
        viewBox="0 0 24 24"
        className="h-4 w-4 fill-red-600 text-red-600 dark:fill-red-400 dark:text-red-400"
        aria-hidden="true"
      >
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.6 5c2.1 0 3.4 1.2 4.4 2.6C12 6.2 13.3 5 15.4 5 19 5 21.1 8.6 19.6 11.9 17.5 16.4 12 21 12 21z" />
      </svg>
      {n === 0 ? 'Not saved by anyone yet' : `Saved by ${n} shopper${n === 1 ? '' : 's'}`}
    </span>
  );
}
