import toast from 'react-hot-toast';
import { track } from '@/lib/analytics';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/shared/auth-context';
import { useIsFavorited, useToggleFavorite } from '../api';

type Props = { producerId: number; farmName: string; className?: string };

/**
 * The heart toggle for a producer (spec 01 §4/§5). Only consumers see it: it renders nothing for
 * guests and producers (and admins, who are not shoppers).
 */
export function FavoriteButton({ producerId, farmName, className = '' }: Props) {
  const { user } = useAuth();
  const isConsumer = user?.userType === 'consumer';
  const check = useIsFavorited(producerId, isConsumer);
  const toggle = useToggleFavorite(producerId);
  if (!isConsumer) return null;

  const isFavorited = check.data?.isFavorited ?? false;
  const label = isFavorited ? `Remove ${farmName} from favorites` : `Save ${farmName} to favorites`;

  function onClick(event: React.MouseEvent) {
    // The heart often sits inside a card link: saving must not open the producer.
    event.preventDefault();
    event.stopPropagation();
    toggle.mutate(!isFavorited, {
      onSuccess: (result) => {
        toast.success(result.isFavorited ? 'Saved to favorites' : 'Removed from favorites');
        track('producer_favorite', { producerId, producerName: farmName, action: result.isFavorited ? 'add' : 'remove' });
      },
      onError: (error) => toast.error(errorMessage(error, 'Error updating favorites')),
    });
  }

  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-pressed={isFavorited}
      title={label}
      disabled={check.isLoading}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full border border-stone-200 bg-white/90 text-xl shadow-sm transition hover:scale-105 disabled:opacity-60 dark:border-stone-700 dark:bg-stone-900/90 ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className={`h-5 w-5 ${isFavorited ? 'fill-red-600 text-red-600' : 'fill-none text-stone-600 dark:text-stone-300'}`}
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 3 5 6.6 5c2.1 0 3.4 1.2 4.4 2.6C12 6.2 13.3 5 15.4 5 19 5 21.1 8.6 19.6 11.9 17.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
