import type { OwnProducerProfile, ProducerProfileRequest, PublicProducerProfile } from '@farmstand/shared/schemas/producers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';
import { OWN_FARM_KEY } from '@/lib/queries';

const producerKeys = {
  own: OWN_FARM_KEY,
  public: (userId: number) => ['producers', 'public', userId] as const,
};

/** The signed-in producer's profile; null when there is none yet (the server's 404). */
export function useOwnProfile(enabled = true) {
  return useQuery({
    queryKey: producerKeys.own,
    enabled,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<OwnProducerProfile>('/producers/me/profile', undefined, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function usePublicProducer(userId: number) {
  return useQuery({
    queryKey: producerKeys.public(userId),
    enabled: Number.isInteger(userId) && userId > 0,
    queryFn: ({ signal }) => api.get<PublicProducerProfile>(`/producers/${userId}`, undefined, signal),
    initialData: () => initialApiData<PublicProducerProfile>(`/producers/${userId}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useSaveProfile(isNew: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProducerProfileRequest) =>
      isNew ? api.post<OwnProducerProfile>('/producers', body) : api.put<OwnProducerProfile>('/producers/me', body),
    onSuccess: (profile) => queryClient.setQueryData(producerKeys.own, profile),
  });
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('imageType', 'profile');
      form.append('image', file);
      return api.upload<{ imageUrl: string }>('/images/producers/profile', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: producerKeys.own }),
  });
}

/** Sends a rejected or more-info application back to the admin queue with a note of what changed. */
export function useResubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api.post<OwnProducerProfile>('/producers/me/verification/resubmit', { note }),
    onSuccess: (profile) => queryClient.setQueryData(producerKeys.own, profile),
  });
}
