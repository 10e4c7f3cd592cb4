import { plusDays } from '@farmstand/shared/format/date-only';
import type {
  AdminCertificationListResponse,
  AdminDashboardStats,
  AdminHealth,
  AdminLogsResponse,
  AdminPendingReview,
  AdminProducerDetails,
  AdminProductsResponse,
  AdminUsersResponse,
  AnalyticsRange,
  AnalyticsResponse,
  PendingProducersResponse,
  ProducerVerifyAction,
  UserStatusAction,
  VerificationQueue,
} from '@farmstand/shared/schemas/admin';
import type { UserType } from '@farmstand/shared/schemas/auth';
import type { SubscriptionStatusResponse } from '@farmstand/shared/schemas/billing';
import type { ClientErrorsResponse, JobsResponse } from '@farmstand/shared/schemas/ops';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminGet, type Message, useAdminMutation } from '@/lib/admin-api';
import { api, errorMessage } from '@/lib/api';
import { ADMIN_TEXTS } from './texts';

/** Every admin query lives under ['admin', …] so an action can refresh what it changed. */
export const adminKeys = {
  all: ADMIN_KEY,
  dashboard: ['admin', 'dashboard'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
  products: (search: string, page: number) => ['admin', 'products', search, page] as const,
  reviews: ['admin', 'reviews'] as const,
  logs: (page: number) => ['admin', 'logs', page] as const,
  health: ['admin', 'health'] as const,
  pendingProducers: ['admin', 'verification'] as const,
  producer: (id: number) => ['admin', 'verification', 'producer', id] as const,
  producerCertifications: (id: number) => ['admin', 'verification', 'producer-certs', id] as const,
  analytics: (range: AnalyticsRange) => ['admin', 'analytics', range] as const,
  settings: ['admin', 'settings'] as const,
  jobs: ['admin', 'jobs'] as const,
  clientErrors: (page: number) => ['admin', 'client-errors', page] as const,
  subscription: (userId: number) => ['admin', 'subscription', userId] as const,
};

export const useDashboardStats = () =>
  useQuery({ queryKey: adminKeys.dashboard, queryFn: adminGet<AdminDashboardStats>('/admin/dashboard') });
export const useAdminUsers = (search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.users(search, page),
    queryFn: adminGet<AdminUsersResponse>('/admin/users', { search, page }),
    placeholderData: (previous) => previous,
  });
export const useAdminProducts = (search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.products(search, page),
    queryFn: adminGet<AdminProductsResponse>('/admin/products', { search, page }),
    placeholderData: (previous) => previous,
  });
export const usePendingReviews = () =>
  useQuery({
    queryKey: adminKeys.reviews,
    queryFn: adminGet<{ reviews: AdminPendingReview[] }>('/admin/reviews'),
  });
export const useAdminLogs = (page: number) =>
  useQuery({ queryKey: adminKeys.logs(page), queryFn: adminGet<AdminLogsResponse>('/admin/logs', { page }) });
export const useSystemHealth = () => useQuery({ queryKey: adminKeys.health, queryFn: adminGet<AdminHealth>('/admin/health') });
export const usePendingProducers = (queue: VerificationQueue = 'open') =>
  useQuery({
    queryKey: [...adminKeys.pendingProducers, queue],
    queryFn: adminGet<PendingProducersResponse>('/admin/verification/pending', { status: queue }),
  });
export const useProducerDetails = (id: number) =>
  useQuery({ queryKey: adminKeys.producer(id), queryFn: adminGet<AdminProducerDetails>(`/admin/producers/${id}/details`) });
export const useProducerCertifications = (id: number) =>
  useQuery({
    queryKey: adminKeys.producerCertifications(id),
    queryFn: adminGet<AdminCertificationListResponse>(`/admin/producers/${id}/certifications`),
  });
export const useAnalytics = (range: AnalyticsRange) =>
  useQuery({
    queryKey: adminKeys.analytics(range),
    queryFn: adminGet<AnalyticsResponse>('/admin/analytics', { timeRange: range }),
    placeholderData: (previous) => previous,
  });
/** The same figures as a CSV file (issue 50, decision 586). */
export const fetchAnalyticsCsv = (range: AnalyticsRange) => api.file('/admin/analytics.csv', { timeRange: range });
export type SettingsSections = Record<string, Record<string, unknown>>;
export const useAdminSettings = () =>
  useQuery({ queryKey: adminKeys.settings, queryFn: adminGet<{ settings: SettingsSections }>('/admin/settings') });

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

/** The Health tab's jobs and the Logs tab's browser errors (issue 12). */
export const useJobsOverview = () => useQuery({ queryKey: adminKeys.jobs, queryFn: adminGet<JobsResponse>('/admin/jobs') });

export const CLIENT_ERRORS_PER_PAGE = 10;

export const useClientErrors = (page: number) =>
  useQuery({
    queryKey: adminKeys.clientErrors(page),
    queryFn: adminGet<ClientErrorsResponse>('/admin/client-errors', {
      limit: CLIENT_ERRORS_PER_PAGE,
      offset: (page - 1) * CLIENT_ERRORS_PER_PAGE,
    }),
    placeholderData: (previous) => previous,
  });

/** A producer's trial or plan as the grant dialog shows it; under adminKeys.all, so a grant refreshes it. */
export const useAdminSubscription = (userId: number) =>
  useQuery({
    queryKey: adminKeys.subscription(userId),
    queryFn: adminGet<SubscriptionStatusResponse>(`/stripe/admin/subscription/${userId}`),
  });

/** When access ends now: a date, 'never', or null when the producer has none (as billing.service's accessEndsAt). */
export function accessEndsAt(sub: SubscriptionStatusResponse): Date | 'never' | null {
  if (sub.status === 'trialing') return sub.trial_ends_at ? new Date(sub.trial_ends_at) : 'never';
  if (sub.status === 'active') return sub.current_period_end ? new Date(sub.current_period_end) : 'never';
  return null;
}

/** Where a grant of `days` leaves access: never earlier than it ends now (decision 370). */
export function accessAfterGrant(sub: SubscriptionStatusResponse, days: number, now = new Date()): Date | 'never' {
  const current = accessEndsAt(sub);
  if (days === 0 || current === 'never') return 'never';
  const granted = plusDays(now, days);
  return current && current > granted ? current : granted;
}
