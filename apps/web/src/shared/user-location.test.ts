import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '@/lib/api';
import { ADDRESS_LOOKUP_FAILED, geocodeAddress } from './user-location';

describe('geocoding a typed address', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers null when nothing matches', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(404, 'Location not found'));
    expect(await geocodeAddress('Nowhere')).toBeNull();
  });

  it('says the lookup failed, not that the address was not found, on a network error', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new ApiError(0, 'Could not reach Farmstand.', undefined, false));
    await expect(geocodeAddress('Berea, KY')).rejects.toThrow(ADDRESS_LOOKUP_FAILED);
    expect(ADDRESS_LOOKUP_FAILED).toBe('The address lookup failed. Please try again.');
  });
});
