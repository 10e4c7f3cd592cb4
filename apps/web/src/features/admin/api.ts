import type {
  AdminCertificationListResponse,
  AdminCertificationsResponse,
  AdminDashboardStats,
  AdminHealth,
  AdminLogsResponse,
  AdminPendingReview,
  AdminProducerDetails,
  AdminProductsResponse,
  AdminUsersResponse,
  AnalyticsRange,
  AnalyticsResponse,
  CertificationAction,
  CertificationStatus,
  CertificationTypesResponse,
  PendingProducersResponse,
  ProducerVerifyAction,
  UserStatusAction,
} from '@farmstand/shared/schemas/admin';
import type { UserType } from '@farmstand/shared/schemas/auth';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every admin query lives under ['admin', …] so an action can refresh what it changed. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  products: (search: string, page: number) => ['admin', 'products', search, page] as const,
  reviews: ['admin', 'reviews'] as const,
  logs: (page: number) => ['admin', 'logs', page] as const,
  health: ['admin', 'health'] as const,
  pendingProducers: ['admin', 'verification'] as const,
  producer: (id: number) => ['admin', 'verification', 'producer', id] as const,
  producerCertifications: (id: number) => ['admin', 'verification', 'producer-certs', id] as const,
  certifications: (status: CertificationStatus) => ['admin', 'certifications', status] as const,
  expiring: ['admin', 'certifications', 'expiring'] as const,
  certificationTypes: ['admin', 'certification-types'] as const,
  analytics: (range: AnalyticsRange) => ['admin', 'analytics', range] as const,
  settings: ['admin', 'settings'] as const,
};

type Message = { message: string };

const get =
  <T>(path: string, query?: Record<string, string | number | undefined>) =>
  ({ signal }: { signal: AbortSignal }) =>
    api.get<T>(path, query, signal);

export const useDashboardStats = () =>
  useQuery({ queryKey: adminKeys.dashboard, queryFn: get<AdminDashboardStats>('/admin/dashboard') });
export const useAdminUsers = (search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.users(search, page),
    queryFn: get<AdminUsersResponse>('/admin/users', { search, page }),
    placeholderData: (previous) => previous,
  });
export const useAdminProducts = (search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.products(search, page),
    queryFn: get<AdminProductsResponse>('/admin/products', { search, page }),
    placeholderData: (previous) => previous,
  });
export const usePendingReviews = () =>
  useQuery({
    queryKey: adminKeys.reviews,
    queryFn: get<{ reviews: AdminPendingReview[] }>('/admin/reviews'),
  });
export const useAdminLogs = (page: number) =>
  useQuery({ queryKey: adminKeys.logs(page), queryFn: get<AdminLogsResponse>('/admin/logs', { page }) });
export const useSystemHealth = () => useQuery({ queryKey: adminKeys.health, queryFn: get<AdminHealth>('/admin/health') });
export const usePendingProducers = () =>
  useQuery({ queryKey: adminKeys.pendingProducers, queryFn: get<PendingProducersResponse>('/admin/verification/pending') });
export const useProducerDetails = (id: number) =>
  useQuery({ queryKey: adminKeys.producer(id), queryFn: get<AdminProducerDetails>(`/admin/producers/${id}/details`) });
export const useProducerCertifications = (id: number) =>
  useQuery({
    queryKey: adminKeys.producerCertifications(id),
    queryFn: get<AdminCertificationListResponse>(`/admin/producers/${id}/certifications`),
  });
export const useCertifications = (status: CertificationStatus) =>
  useQuery({
    queryKey: adminKeys.certifications(status),
    queryFn: get<AdminCertificationsResponse>('/admin/certifications', { status }),
  });
export const useExpiringCertifications = () =>
  useQuery({ queryKey: adminKeys.expiring, queryFn: get<AdminCertificationListResponse>('/admin/certifications/expiring') });
export const useCertificationTypes = () =>
  useQuery({
    queryKey: adminKeys.certificationTypes,
    queryFn: get<CertificationTypesResponse>('/admin/certifications/types'),
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useAnalytics = (range: AnalyticsRange) =>
  useQuery({
    queryKey: adminKeys.analytics(range),
    queryFn: get<AnalyticsResponse>('/admin/analytics', { timeRange: range }),
    placeholderData: (previous) => previous,
  });
export type SettingsSections = Record<string, Record<string, unknown>>;
export const useAdminSettings = () =>
  useQuery({ queryKey: adminKeys.settings, queryFn: get<{ settings: SettingsSections }>('/admin/settings') });

/** A write that refreshes the admin queries it touches (default: all of them). */
function useAdminMutation<V, R = { message: string }>(mutationFn: (vars: V) => Promise<R>, refresh: QueryKey = adminKeys.all) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: refresh }) });
}

export const useUserStatus = () =>
  useAdminMutation(({ id, action }: { id: number; action: UserStatusAction }) =>
    api.put<Message>(`/admin/users/${id}/status`, { action }),
  );
export const useUserType = () =>
  useAdminMutation(({ id, newType }: { id: number; newType: UserType }) =>
    api.put<Message>(`/admin/users/${id}/type`, { newType }),
  );
export const useGrantSubscription = () =>
  useAdminMutation((body: { userId: number; days: number; planType: 'monthly' | 'annual' }) =>
    api.post<Message>('/stripe/admin/grant-subscription', body),
  );
export const useModerateProduct = () =>
  useAdminMutation(({ id, action }: { id: number; action: 'remove' | 'restore' }) =>
    api.put<Message>(`/admin/products/${id}/moderate`, { action }),
  );
export const useModerateReview = () =>
  useAdminMutation(({ id, action }: { id: number; action: 'approve' | 'reject' }) =>
    api.put<Message>(`/admin/reviews/${id}/moderate`, { action }),
  );
export const useVerifyProducer = () =>
  useAdminMutation(({ id, action, notes }: { id: number; action: ProducerVerifyAction; notes: string }) =>
    api.put<Message>(`/admin/producers/${id}/verify`, { action, notes: notes || undefined }),
  );
export const useModerateCertification = () =>
  useAdminMutation(({ id, action, notes }: { id: number; action: CertificationAction; notes?: string }) =>
    api.put<Message>(`/admin/certifications/${id}/moderate`, { action, notes: notes || undefined }),
  );
export const useBulkCertifications = () =>
  useAdminMutation((body: { certIds: number[]; action: CertificationAction }) =>
    api.post<{ message: string; updated: number; skipped: number }>('/admin/certifications/bulk', body),
  );
export const useSaveSettings = () =>
  useAdminMutation(({ key, values }: { key: string; values: Record<string, unknown> }) =>
    api.put<Message>(`/admin/settings/${key}`, values),
  );
export const useBackup = () => useAdminMutation(() => api.post<{ message: string; file: string }>('/admin/maintenance/backup'));
export const useClearCache = () => useAdminMutation(() => api.post<Message>('/admin/maintenance/clear-cache'));
