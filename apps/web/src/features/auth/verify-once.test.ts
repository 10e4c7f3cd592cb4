import { describe, expect, it, vi } from 'vitest';
import { verifyEmailOnce } from './verify-once';

describe('verifyEmailOnce', () => {
  it('sends a token to the server once however often it is asked', async () => {
    const send = vi.fn(async () => ({ message: 'ok' }));
    await Promise.all([verifyEmailOnce('abc', send), verifyEmailOnce('abc', send)]);
    await verifyEmailOnce('abc', send);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('shares a failure with every caller instead of retrying a used token', async () => {
    const send = vi.fn(async () => {
      throw new Error('used');
    });
    await expect(verifyEmailOnce('used-token', send)).rejects.toThrow('used');
    await expect(verifyEmailOnce('used-token', send)).rejects.toThrow('used');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
