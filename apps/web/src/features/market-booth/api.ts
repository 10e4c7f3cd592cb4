import type {
  BoothCatalog,
  BoothDay as BoothDaySchema,
  BoothEntry,
  BoothEntryResult,
  BoothSyncResponse,
} from '@farmstand/shared/schemas/market-office';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '@/lib/api';
import { type QueueResult, SyncError } from '@/lib/offline-queue';

/**
 * The info booth's calls (decision 582): the catalogue the phone keeps for a day without signal,
 * the sync of its queued entries, and the day's book (online only).
 */

/** A match the server recorded past the shopper's cap (handed out offline): the manager sees it in the books. */
export type BoothConflict = { message: string; overCapCents: number; shopperKey: string | null };
/** The server's answer for an entry, as the shared offline queue reads it. */
export type BoothResult = QueueResult<BoothConflict> & z.infer<typeof BoothEntryResult>;

/** The booth's book of a day (`GET /api/markets/:id/booth/day`): its entries and totals per currency. */
export type BoothDay = z.infer<typeof BoothDaySchema>;

export const fetchBoothCatalog = (marketId: number) => api.get<z.infer<typeof BoothCatalog>>(`/markets/${marketId}/booth`);

/** 401/403/404 stop the loop until someone acts; no signal, a timeout or a server error is tried again. */
const retries = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

export async function sendEntries(marketId: number, entries: BoothEntry[]): Promise<BoothResult[]> {
  try {
    const answer = await api.post<z.infer<typeof BoothSyncResponse>>(`/markets/${marketId}/booth/sync`, { entries });
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    return answer.results.map((result) => ({
      ...result,
      conflicts:
        result.overCapCents > 0
          ? [
              {
                message: result.message ?? 'This match went past the shopper’s cap today',
                overCapCents: result.overCapCents,
                shopperKey: byId.get(result.id)?.shopperKey ?? null,
              },
            ]
          : [],
    }));
  } catch (error) {
    if (error instanceof ApiError) throw new SyncError(error.message, error.status, retries(error.status));
    throw new SyncError((error as Error).message, 0, true);
  }
}

export const boothDayKey = (marketId: number) => ['markets', marketId, 'booth', 'day'] as const;

export const useBoothDay = (marketId: number, enabled: boolean) =>
  useQuery({
    queryKey: boothDayKey(marketId),
    queryFn: () => api.get<BoothDay>(`/markets/${marketId}/booth/day`),
    enabled,
  });
