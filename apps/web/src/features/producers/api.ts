import type {
  CertificationRequest,
  OwnCertification,
  OwnProducerProfile,
  ProducerProfileRequest,
  PublicProducerProfile,
} from '@farmstand/shared/schemas/producers';
import type {
  AvailabilityRequest,
  ImageUploadResponse,
  ProductCreatedResponse,
  ProductRequest,
  ProductResponse,
} from '@farmstand/shared/schemas/products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';
import { MY_PRODUCTS_KEY } from '@/shared/my-products';

export const producerKeys = {
  own: ['producers', 'me'] as const,
  public: (userId: number) => ['producers', 'public', userId] as const,
  myProducts: MY_PRODUCTS_KEY,
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

export function useAddCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CertificationRequest) =>
      api.post<{ certification: OwnCertification }>('/producers/me/certifications', body),
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

export function useDeleteCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/producers/me/certifications/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: producerKeys.own }),
  });
}

/** Every product change refreshes the list (counts, order, the limit) and the product's own page. */
function useProductMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: producerKeys.myProducts });
      queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export const useCreateProduct = () =>
  useProductMutation((body: ProductRequest) => api.post<ProductCreatedResponse>('/products', body));

export const useUpdateProduct = () =>
  useProductMutation(({ id, body }: { id: number; body: ProductRequest }) => api.put<ProductResponse>(`/products/${id}`, body));

export const useDeleteProduct = () => useProductMutation((id: number) => api.delete<ProductResponse>(`/products/${id}`));

export const useRestoreProduct = () => useProductMutation((id: number) => api.post<ProductResponse>(`/products/${id}/restore`));

export const useUpdateAvailability = () =>
  useProductMutation(({ id, body }: { id: number; body: AvailabilityRequest }) =>
    api.patch<ProductResponse>(`/products/${id}/availability`, body),
  );

export const useUploadProductImage = () =>
  useProductMutation(({ id, file, isPrimary }: { id: number; file: File; isPrimary: boolean }) => {
    const form = new FormData();
    // Text fields first, so the server knows them before the file streams in.
    form.append('isPrimary', String(isPrimary));
    form.append('image', file);
    return api.upload<ImageUploadResponse>(`/images/products/${id}`, form);
  });

export const useDeleteProductImage = () =>
  useProductMutation(({ id, imageUrl, isPrimary }: { id: number; imageUrl: string; isPrimary: boolean }) =>
    api.delete<ProductResponse>(`/images/products/${id}/images`, { imageUrl, isPrimary }),
  );

export const useSetPrimaryImage = () =>
  useProductMutation(({ id, imageUrl }: { id: number; imageUrl: string }) =>
    api.put<ProductResponse>(`/images/products/${id}/primary`, { imageUrl }),
  );
