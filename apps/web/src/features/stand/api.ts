import type { BenefitTable } from '@farmstand/shared/benefits/programmes';
import type { StandAction, StandActionResult, StandCatalog, StandSyncResponse } from '@farmstand/shared/schemas/stand';
import { ApiError, api } from '@/lib/api';
import { SyncError } from '@/lib/offline-queue';

/**
 * Stand mode's calls: the day's catalogue, the benefit table its tender rules read, and the sync
 * of queued actions, whose answers the register keeps on the phone itself (`session.ts`).
 */

export const fetchCatalog = () => api.get<StandCatalog>('/stand/catalog');

export const fetchBenefitTable = () => api.get<BenefitTable>('/benefits/programmes');

/** 401/403/404 stop the loop until the farmer acts; no signal, a timeout or a server error is tried again. */
const retries = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

export async function sendBatch(actions: StandAction[]): Promise<StandActionResult[]> {
  try {
    const answer = await api.post<StandSyncResponse>('/stand/sync', { actions });
    return answer.results;
  } catch (error) {
    if (error instanceof ApiError) throw new SyncError(error.message, error.status, retries(error.status));
    throw new SyncError((error as Error).message, 0, true);
  }
}
