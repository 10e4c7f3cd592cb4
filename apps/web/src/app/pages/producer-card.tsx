import { FavoriteButton } from '@/features/favorites/components/favorite-button';
import { ProducerCard, type ProducerCardData } from '@/features/producers/components/producer-card';

/** A producer in a list (search, favourites): the producers feature's card with the favorites feature's heart. */
export const producerCard = (producer: ProducerCardData, eager: boolean) => (
  <ProducerCard
    producer={producer}
    eager={eager}
    favorite={<FavoriteButton producerId={producer.user_id} farmName={producer.farm_name} />}
  />
);
