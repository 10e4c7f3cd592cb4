import { DEFAULT_SETTINGS } from '@farmstand/shared';
import { formatZonedDate, formatZonedDateTime } from '@/lib/format';
import { useAdminSettings } from './api';

/**
 * Every date an admin reads is in the platform's time zone (the `general.timezone` setting), never
 * the browser's or UTC: an admin travelling, or one in Central time, reads the times the farms live by.
 */
export function useAdminDates() {
  const setting = useAdminSettings().data?.settings.general?.timezone;
  const timeZone = typeof setting === 'string' ? setting : DEFAULT_SETTINGS.general.timezone;
  return {
    /** "Jul 1, 2027"; a date-only value keeps its calendar day. */
    date: (iso: string) => formatZonedDate(iso, timeZone),
    /** "Jul 1, 2027, 9:00 AM". */
    dateTime: (iso: string) => formatZonedDateTime(iso, timeZone),
  };
}
