import type {
  AdminCertificationListResponse,
  AdminCertificationsResponse,
  CertificationAction,
  CertificationStatus,
  CertificationTypesResponse,
} from '@farmstand/shared/schemas/admin';
import type { DocumentUploadResponse } from '@farmstand/shared/schemas/certification-documents';
import type { CertificationRequest, OwnCertification } from '@farmstand/shared/schemas/producers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminGet, type Message, useAdminMutation } from '@/lib/admin-api';
import { api, errorMessage } from '@/lib/api';
import { OWN_FARM_KEY } from '@/lib/queries';
import { CERTIFICATION_TEXTS } from './texts';

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

/** The admins' review, under the admin queries so every admin action refreshes it too. */
const reviewKeys = {
  list: (status: CertificationStatus) => [...ADMIN_KEY, 'certifications', status] as const,
  expiring: [...ADMIN_KEY, 'certifications', 'expiring'] as const,
  types: [...ADMIN_KEY, 'certification-types'] as const,
};

export const useCertifications = (status: CertificationStatus) =>
  useQuery({
    queryKey: reviewKeys.list(status),
    queryFn: adminGet<AdminCertificationsResponse>('/admin/certifications', { status }),
  });
export const useExpiringCertifications = () =>
  useQuery({
    queryKey: reviewKeys.expiring,
    queryFn: adminGet<AdminCertificationListResponse>('/admin/certifications/expiring'),
  });
export const useCertificationTypes = () =>
  useQuery({
    queryKey: reviewKeys.types,
    queryFn: adminGet<CertificationTypesResponse>('/admin/certifications/types'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useModerateCertification = () =>
  useAdminMutation(
    ({ id, action, notes }: { id: number; action: CertificationAction; notes?: string }) =>
      api.put<Message>(`/admin/certifications/${id}/moderate`, { action, notes: notes || undefined }),
    { error: ({ action }) => CERTIFICATION_TEXTS.certificationActionFailed(action) },
  );
export const useBulkCertifications = () =>
  useAdminMutation(
    (body: { certIds: number[]; action: CertificationAction }) =>
      api.post<{ message: string; updated: number; skipped: number }>('/admin/certifications/bulk', body),
    {
      success: (data) => (data.skipped ? `${data.message} (${data.skipped} not pending, skipped)` : data.message),
      error: ({ action }, error) => errorMessage(error, CERTIFICATION_TEXTS.bulkActionFailed(action)),
    },
  );
