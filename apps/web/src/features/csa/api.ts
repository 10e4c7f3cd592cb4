import { WEEKDAY_NAMES } from '@farmstand/shared/constants/orders';
import { formatDateOnly } from '@farmstand/shared/format/date-only';
import type {
  CsaBox,
  CsaBoxRequest,
  CsaJoinRequest,
  CsaMemberList,
  CsaPlan,
  CsaPlanList,
  CsaPlanRequest,
} from '@farmstand/shared/schemas/csa';
import type { ScheduleSlot } from '@farmstand/shared/schemas/pickup';
import type { StandingResponse } from '@farmstand/shared/schemas/standing';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { formatClock, formatWeeklySlot, zoneNote } from '@/lib/pickup-time';
import { ORDERS_KEY, STANDING_KEY, useRefreshingMutation } from '@/lib/queries';

/**
 * CSA share plans (decision 515): a farm's plans (public, and its own), joining one, its members
 * and its weekly boxes. A membership is a standing reservation, so joining also refreshes the
 * shopper's standing list and orders.
 */
export const CSA_KEY = ['csa'] as const;

type PlanAnswer = { plan: CsaPlan; message: string };
type BoxAnswer = { box: CsaBox; message: string };

/** A farm's plans open for new members, with places left (anyone). */
export function useFarmPlans(producerUserId: number) {
  return useQuery({
    queryKey: [...CSA_KEY, 'farm', producerUserId],
    queryFn: () => api.get<CsaPlanList>(`/csa/farms/${producerUserId}/plans`),
    enabled: producerUserId > 0,
  });
}

/** The producer's own plans, open and closed. */
export const useMyPlans = () => useQuery({ queryKey: [...CSA_KEY, 'mine'], queryFn: () => api.get<CsaPlanList>('/csa/mine') });

const useCsaMutation = <T, R>(fn: (input: T) => Promise<R>, alsoRefresh: readonly (readonly string[])[] = []) =>
  useRefreshingMutation(fn, [CSA_KEY, ...alsoRefresh]);

/** Adds a plan (`id` null) or saves one. */
export const useSavePlan = () =>
  useCsaMutation(({ id, plan }: { id: number | null; plan: CsaPlanRequest }) =>
    id === null ? api.post<PlanAnswer>('/csa', plan) : api.put<PlanAnswer>(`/csa/${id}`, plan),
  );

export const useJoinPlan = () =>
  useCsaMutation(
    ({ id, join }: { id: number; join: CsaJoinRequest }) => api.post<StandingResponse>(`/csa/${id}/join`, join),
    [STANDING_KEY, ORDERS_KEY],
  );

export function usePlanMembers(planId: number) {
  return useQuery({
    queryKey: [...CSA_KEY, planId, 'members'],
    queryFn: () => api.get<CsaMemberList>(`/csa/${planId}/members`),
  });
}

/** The plan's posted boxes, newest first (its farm and its members). */
export function usePlanBoxes(planId: number) {
  return useQuery({
    queryKey: [...CSA_KEY, planId, 'boxes'],
    queryFn: () => api.get<{ boxes: CsaBox[] }>(`/csa/${planId}/boxes`),
  });
}

/** Posts (or corrects) a week's box; the server mails the members. */
export const usePostBox = () =>
  useCsaMutation(({ id, box }: { id: number; box: CsaBoxRequest }) => api.put<BoxAnswer>(`/csa/${id}/boxes`, box));

export const useUploadBoxPhoto = () =>
  useCsaMutation(({ id, weekOf, file }: { id: number; weekOf: string; file: File }) => {
    const form = new FormData();
    form.append('image', file);
    return api.upload<BoxAnswer>(`/csa/${id}/boxes/${weekOf}/photo`, form);
  });

// --- What the CSA screens say, in one place ---

/** "Jun 8, 2030". */
export const csaDate = (date: string) => formatDateOnly(date);

/** "Sat, Jun 8". */
export const csaDay = (date: string) => formatDateOnly(date, { weekday: 'short', month: 'short', day: 'numeric' });

/** "Jun 1 to Aug 31, 2030", or "Dec 12, 2026 to Mar 27, 2027" when the years differ: as a person writes it. */
export function seasonText(plan: Pick<CsaPlan, 'season_start' | 'season_end'>): string {
  const sameYear = plan.season_start.slice(0, 4) === plan.season_end.slice(0, 4);
  const start = sameYear ? formatDateOnly(plan.season_start, { month: 'short', day: 'numeric' }) : csaDate(plan.season_start);
  return `${start} to ${csaDate(plan.season_end)}`;
}

/** "$20.00". */
export const dollars = (amount: number) => `$${amount.toFixed(2)}`;

/**
 * A plan's weekly pickup time at a place, in the place's own time zone: "Saturday 9:00 AM – 12:00 PM"
 * when the place's schedule is known, else "Saturday 9:00 AM"; with " (Central time)" when the
 * viewer's clock reads otherwise.
 */
export function placeTime(
  place: Pick<CsaPlan['places'][number], 'weekday' | 'start' | 'time_zone'>,
  schedule: ScheduleSlot[] = [],
  now: Date = new Date(),
): string {
  const slot = schedule.find((s) => s.weekday === place.weekday && s.start === place.start);
  const text = slot ? formatWeeklySlot(slot) : `${WEEKDAY_NAMES[place.weekday]} ${formatClock(place.start)}`;
  return `${text}${zoneNote(now.toISOString(), place.time_zone)}`;
}

/** "2 of 20 members · 18 left", or "Full (20 members)". */
export const placeCount = (place: Pick<CsaPlan['places'][number], 'cap' | 'members' | 'left'>) =>
  place.left === 0
    ? `Full (${place.members} of ${place.cap} members)`
    : `${place.members} of ${place.cap} members · ${place.left} left`;
