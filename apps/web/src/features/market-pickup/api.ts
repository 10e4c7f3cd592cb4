import type { CheckinRequest, CheckoutRequest, CheckoutShopper, PickupDay } from '@farmstand/shared/schemas/market-basket';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/**
 * The market's pickup day (issue 49, decision 587): grower check-in and customer checkout of the
 * market baskets, for the market's managers and booth volunteers. The office shows it as a tab
 * (composed in app/pages/market-office-page.tsx); volunteers open /market-office/:id/pickup-day.
 */

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;

const pickupKey = (id: number) => ['market-pickup', id] as const;

function usePickupMutation<T, R>(call: (input: T) => Promise<R>, key: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

/** The pickup day of `date` (null: today when it is a market day, else the coming one). */
export const usePickupDay = (id: number, date: string | null) =>
  useQuery({
    queryKey: [...pickupKey(id), date],
    queryFn: ({ signal }) => api.get<Out<typeof PickupDay>>(`/markets/${id}/pickup-day`, date ? { date } : undefined, signal),
  });

export const useCheckIn = (id: number) =>
  usePickupMutation(
    (body: In<typeof CheckinRequest>) => api.post<Out<typeof PickupDay>>(`/markets/${id}/pickup-day/checkins`, body),
    pickupKey(id),
  );

export const useCheckout = (id: number) =>
  usePickupMutation(
    ({ marketOrderId, ...body }: In<typeof CheckoutRequest> & { marketOrderId: number }) =>
      api.post<{ message: string; shopper: Out<typeof CheckoutShopper> }>(`/market-orders/${marketOrderId}/checkout`, body),
    pickupKey(id),
  );

export const fetchPickupDayCsv = (id: number, list: 'checkin' | 'checkout', date: string) =>
  api.file(`/markets/${id}/pickup-day/${list}.csv`, { date });
