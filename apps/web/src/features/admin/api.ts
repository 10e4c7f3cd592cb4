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
  VerificationQueue,
} from '@farmstand/shared/schemas/admin';
import type { UserType } from '@farmstand/shared/schemas/auth';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { api, errorMessage } from '@/lib/api';
import { ADMIN_TEXTS } from './texts';

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
export const usePendingProducers = (queue: VerificationQueue = 'open') =>
  useQuery({
    queryKey: [...adminKeys.pendingProducers, queue],
    queryFn: get<PendingProducersResponse>('/admin/verification/pending', { status: queue }),
  });
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

/** What an admin action says when it is done or fails: the server's message unless told otherwise. */
type Feedback<V, R> = { success?: (data: R, vars: V) => string; error: (vars: V, error: unknown) => string };

/**
 * A write that refreshes the admin queries it touches (default: all of them) and confirms with a toast.
 * The toast lives here, in the mutation's own callbacks, so it shows even when the component that
 * started the action has unmounted (a decided application leaves the list at once).
 */
function useAdminMutation<V, R extends { message: string } = Message>(
  mutationFn: (vars: V) => Promise<R>,
  feedback: Feedback<V, R>,
  refresh: QueryKey = adminKeys.all,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, vars) => {
      toast.success(feedback.success ? feedback.success(data, vars) : data.message);
      // Not awaited: the caller's own onSuccess (closing a panel, clearing a note) runs with the
      // confirmation, not after the lists have refreshed; until then they show the last answer.
      void queryClient.invalidateQueries({ queryKey: refresh });
    },
    onError: (error, vars) => {
      toast.error(feedback.error(vars, error));
    },
  });
}

export const useUserStatus = () =>
  useAdminMutation(
    ({ id, action }: { id: number; action: UserStatusAction }) => api.put<Message>(`/admin/users/${id}/status`, { action }),
    { error: ({ action }) => ADMIN_TEXTS.userActionFailed(action) },
  );
export const useUserType = () =>
  useAdminMutation(
    ({ id, newType }: { id: number; newType: UserType; email: string }) =>
      api.put<Message>(`/admin/users/${id}/type`, { newType }),
    {
      success: (_, { email, newType }) => `${email} is now ${newType}`,
      error: () => ADMIN_TEXTS.changeTypeFailed,
    },
  );
export const useGrantSubscription = () =>
  useAdminMutation(
    (body: { userId: number; days: number; planType: 'monthly' | 'annual' }) =>
      api.post<Message>('/stripe/admin/grant-subscription', body),
    { success: () => ADMIN_TEXTS.subscriptionGranted, error: (_, error) => errorMessage(error, ADMIN_TEXTS.grantFailed) },
  );
export const useModerateProduct = () =>
  useAdminMutation(
    ({ id, action, reason }: { id: number; action: 'remove' | 'restore'; reason?: string }) =>
      api.put<Message>(`/admin/products/${id}/moderate`, { action, reason }),
    { error: ({ action }) => ADMIN_TEXTS.productActionFailed(action === 'remove' ? 'delete' : 'restore') },
  );
export const useModerateReview = () =>
  useAdminMutation(
    ({ id, action, reason }: { id: number; action: 'approve' | 'reject'; reason?: string }) =>
      api.put<Message>(`/admin/reviews/${id}/moderate`, { action, reason }),
    {
      success: (_, { action }) => (action === 'approve' ? 'Review approved' : 'Review rejected'),
      error: ({ action }) => ADMIN_TEXTS.reviewActionFailed(action),
    },
  );
const VERIFY_VERB: Record<ProducerVerifyAction, string> = {
  approve: 'approve',
  reject: 'reject',
  request_more_info: 'update',
  reopen: 'reopen',
};
/** The note is sent only as typed for this decision: an empty box sends none (never an earlier note). */
export const useVerifyProducer = () =>
  useAdminMutation(
    ({ id, action, notes }: { id: number; action: ProducerVerifyAction; notes: string }) =>
      api.put<Message>(`/admin/producers/${id}/verify`, { action, notes: notes || undefined }),
    { error: ({ action }) => ADMIN_TEXTS.producerActionFailed(VERIFY_VERB[action]) },
  );
export const useModerateCertification = () =>
  useAdminMutation(
    ({ id, action, notes }: { id: number; action: CertificationAction; notes?: string }) =>
      api.put<Message>(`/admin/certifications/${id}/moderate`, { action, notes: notes || undefined }),
    { error: ({ action }) => ADMIN_TEXTS.certificationActionFailed(action) },
  );
export const useBulkCertifications = () =>
  useAdminMutation(
    (body: { certIds: number[]; action: CertificationAction }) =>
      api.post<{ message: string; updated: number; skipped: number }>('/admin/certifications/bulk', body),
    {
      success: (data) => (data.skipped ? `${data.message} (${data.skipped} not pending, skipped)` : data.message),
      error: ({ action }, error) => errorMessage(error, ADMIN_TEXTS.bulkActionFailed(action)),
    },
  );
export const useSaveSettings = () =>
  useAdminMutation(
    ({ key, values }: { key: string; values: Record<string, unknown> }) => api.put<Message>(`/admin/settings/${key}`, values),
    { success: () => ADMIN_TEXTS.settingsSaved, error: () => ADMIN_TEXTS.saveSettings },
  );
export const useBackup = () =>
  useAdminMutation(() => api.post<{ message: string; file: string }>('/admin/maintenance/backup'), {
    success: () => ADMIN_TEXTS.backupStarted,
    error: () => ADMIN_TEXTS.backupFailed,
  });
export const useClearCache = () =>
  useAdminMutation(() => api.post<Message>('/admin/maintenance/clear-cache'), {
    success: () => ADMIN_TEXTS.cacheCleared,
    error: () => ADMIN_TEXTS.clearCacheFailed,
  });
