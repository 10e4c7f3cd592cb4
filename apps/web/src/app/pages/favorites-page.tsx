import FavoritesPage from '@/features/favorites/pages/favorites-page';
import { producerCard } from './producer-card';

/** /favorites: the favorites feature's page, each saved farm on the producers feature's card. */
export default function ComposedFavoritesPage() {
  return <FavoritesPage producerCard={producerCard} />;
}
