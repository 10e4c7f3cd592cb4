import type { FavoritesResponse } from '@farmstand/shared/schemas/favorites';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { AlertIcon, BarnIcon, HeartIcon, LockIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/lib/document-title';
import { firstPictured } from '@/lib/first-picture';
import { useAuth } from '@/shared/auth-context';
import { useFavorites } from '../api';
import { FarmNotices } from '../components/farm-notices';

type Favorite = z.infer<typeof FavoritesResponse>['favorites'][number];

/**
 * /favorites: the consumer's saved producers (spec 01 §2), with the guest and producer states. Each is
 * the producers feature's card with this feature's heart (`producerCard`, composed in app/pages).
 */
export default function FavoritesPage({ producerCard }: { producerCard: (producer: Favorite, eager: boolean) => ReactNode }) {
  useDocumentTitle('My favorites');
  const { user, isLoading } = useAuth();
  const isConsumer = user?.userType === 'consumer';
  const favorites = useFavorites(isConsumer);

  let body: React.ReactNode;
  if (isLoading) body = <Spinner />;
  else if (!user)
    body = (
      <EmptyState title="Sign in required" icon={LockIcon}>
        <p>Sign in to see the producers you saved.</p>
        <ButtonLink to="/login" state={{ from: '/favorites' }} className="mt-4">
          Sign in
        </ButtonLink>
      </EmptyState>
    );
  else if (!isConsumer)
    body = (
      <EmptyState title={`Not available for ${user.userType === 'admin' ? 'admins' : 'producers'}`} icon={BarnIcon}>
        Favorites are for shoppers saving the farms they like.
      </EmptyState>
    );
  else if (favorites.isPending) body = <Spinner label="Loading favorites…" />;
  else if (favorites.isError)
    body = (
      <EmptyState title="Failed to load favorites" icon={AlertIcon}>
        Please try again in a moment.
      </EmptyState>
    );
  else if (favorites.data.favorites.length === 0)
    body = (
      <EmptyState title="No favorites yet" icon={HeartIcon}>
        <p>Tap the heart on a producer to save it here.</p>
        <ButtonLink to="/search" className="mt-4">
          Find producers
        </ButtonLink>
      </EmptyState>
    );
  else
    body = (
      <>
        {/* The cards' names are h3s: this keeps the outline h1 → h2 → h3 without a visible repeat of the title. */}
        <h2 className="sr-only">Saved producers</h2>
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {favorites.data.favorites.map((producer, index) => (
            <li key={producer.user_id}>
              {producerCard(producer, index === firstPictured(favorites.data.favorites, (p) => p.profile_image_url))}
            </li>
          ))}
        </ul>
        <FarmNotices />
      </>
    );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageTitle subtitle="The producers you saved.">My Favorites</PageTitle>
      {body}
    </div>
  );
}
