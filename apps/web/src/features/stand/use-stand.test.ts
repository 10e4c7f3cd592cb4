import { describe, expect, it, vi } from 'vitest';
import { standSession } from './use-stand';

// This file runs in Node: the phone's online flag, and a database that is never opened (the
// sessions here are not started).
vi.stubGlobal('navigator', { onLine: true });
vi.stubGlobal('indexedDB', { open: () => ({}) });
vi.stubGlobal('window', {});

describe('the stand session on a phone', () => {
  it('is one per signed-in account: the same account gets it back, another account stops it and gets its own', () => {
    const farm = standSession(101);
    expect(standSession(101)).toBe(farm);
    const stop = vi.spyOn(farm, 'stop');
    const helper = standSession(202);
    expect(stop).toHaveBeenCalledOnce();
    expect(helper).not.toBe(farm);
    expect(standSession(202)).toBe(helper);
  });
});
