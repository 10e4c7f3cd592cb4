import { DEFAULT_SETTINGS } from '@farmstand/shared';
import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api, MAINTENANCE_EVENT } from '@/lib/api';
import { initialApiData } from '@/lib/initial-data';

export const SITE_KEY = ['site'] as const;

/** What the screens show until GET /api/site answers: the spec's defaults. */
export const DEFAULT_SITE_INFO: SiteInfoResponse = {
  site_name: DEFAULT_SETTINGS.general.site_name,
  site_description: DEFAULT_SETTINGS.general.site_description,
  contact_email: DEFAULT_SETTINGS.general.contact_email,
  support_phone: DEFAULT_SETTINGS.general.support_phone,
  maintenance: { enabled: false, message: DEFAULT_SETTINGS.maintenance.maintenance_message },
  features: {
    enable_reviews: DEFAULT_SETTINGS.features.enable_reviews,
    enable_favorites: DEFAULT_SETTINGS.features.enable_favorites,
    enable_messaging: DEFAULT_SETTINGS.features.enable_messaging,
    enable_analytics: DEFAULT_SETTINGS.features.enable_analytics,
  },
  limits: {
    max_products_per_producer: DEFAULT_SETTINGS.features.max_products_per_producer,
    max_products_subscribed: DEFAULT_SETTINGS.features.max_products_subscribed,
    max_images_per_product: DEFAULT_SETTINGS.features.max_images_per_product,
    password_min_length: DEFAULT_SETTINGS.security.password_min_length,
  },
  plans: {
    monthly_price: DEFAULT_SETTINGS.payment.monthly_price,
    annual_price: DEFAULT_SETTINGS.payment.annual_price,
    trial_days: DEFAULT_SETTINGS.payment.trial_days,
  },
};

/** GET /api/site: the admin's site name, contact details, maintenance state, features and limits. */
export function useSiteQuery() {
  return useQuery({
    queryKey: SITE_KEY,
    queryFn: ({ signal }) => api.get<SiteInfoResponse>('/site', undefined, signal),
    initialData: () => initialApiData<SiteInfoResponse>('/site'),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    // While the maintenance screen is up, look again every few seconds, so the pages come back on
    // their own when the admin turns the mode off (no reload needed).
    refetchInterval: (query) => (query.state.data?.maintenance.enabled ? MAINTENANCE_POLL_MS : false),
  });
}

export const MAINTENANCE_POLL_MS = 10_000;

/** The site settings, with the defaults while loading or when the call fails. */
export function useSite(): SiteInfoResponse {
  const data = useSiteQuery().data;
  // An answer saved by an older version (offline copy) may lack a newer part: the defaults fill it.
  return useMemo(() => (data ? { ...DEFAULT_SITE_INFO, ...data } : DEFAULT_SITE_INFO), [data]);
}

/** Any 503 (maintenance switched on while someone browses) makes the site settings reload at once. */
export function useMaintenanceWatch(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: SITE_KEY });
    window.addEventListener(MAINTENANCE_EVENT, refresh);
    return () => window.removeEventListener(MAINTENANCE_EVENT, refresh);
  }, [queryClient]);
}
