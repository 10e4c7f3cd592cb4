import type { PickupSetupResponse, PublicPickupResponse } from '@farmstand/shared/schemas/pickup';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';
import { PICKUP_KEY } from '@/lib/queries';

/**
 * Where a farm hands over: its pickup places and their next windows, read by checkout, standing
 * reservations, CSA plans and the pickup day. The farm's own setup changes in features/pickup-day.
 */
export function usePickupSetup() {
  return useQuery({ queryKey: [...PICKUP_KEY, 'mine'], queryFn: () => api.get<PickupSetupResponse>('/pickup/mine') });
}

export function usePublicPickup(producerUserId: number | undefined) {
  return useQuery({
    queryKey: [...PICKUP_KEY, 'producer', producerUserId],
    queryFn: () => api.get<PublicPickupResponse>(`/pickup/producers/${producerUserId}`),
    initialData: () => (producerUserId ? initialApiData<PublicPickupResponse>(`/pickup/producers/${producerUserId}`) : undefined),
    enabled: Boolean(producerUserId),
  });
}
