import type { DocumentUploadResponse } from '@farmstand/shared/schemas/certification-documents';
import type { CertificationRequest, OwnCertification } from '@farmstand/shared/schemas/producers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { OWN_FARM_KEY } from '@/lib/queries';

/** A farm's certifications are part of its own profile: every change waits for it to be read again. */
function useCertificationMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: OWN_FARM_KEY }) });
}

export const useAddCertification = () =>
  useCertificationMutation((body: CertificationRequest) =>
    api.post<{ certification: OwnCertification }>('/producers/me/certifications', body),
  );

export const useDeleteCertification = () =>
  useCertificationMutation((id: number) => api.delete<{ message: string }>(`/producers/me/certifications/${id}`));

export const useUploadCertificationDocument = (certificationId: number) =>
  useCertificationMutation((file: File) => {
    const form = new FormData();
    form.append('document', file);
    return api.put<DocumentUploadResponse>(`/certifications/${certificationId}/document`, form);
  });

export const useDeleteCertificationDocument = (certificationId: number) =>
  useCertificationMutation(() => api.delete<DocumentUploadResponse>(`/certifications/${certificationId}/document`));
