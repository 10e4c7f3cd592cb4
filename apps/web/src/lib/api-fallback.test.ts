import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage } from './api';

/** What the caller of a failed call shows, for a given answer. */
async function shownFor(status: number, body: string | null, fallback = 'Login failed'): Promise<string> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );
  const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return errorMessage(error, fallback);
}

describe('fallback texts of the error catalogues', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a 5xx without a message shows the screen’s text, not "Request failed (500)"', async () => {
    expect(await shownFor(500, null)).toBe('Login failed');
    expect(await shownFor(502, '<html>Bad Gateway</html>', 'Registration failed')).toBe('Registration failed');
    expect(await shownFor(500, '{}', 'Failed to send message')).toBe('Failed to send message');
    expect(await shownFor(500, '{"message":""}', 'Error updating favorites')).toBe('Error updating favorites');
  });

  it('a 500 with the server’s generic apology still shows the screen’s text', async () => {
    const body = JSON.stringify({ message: 'Something went wrong on our side. Please try again in a moment.' });
    expect(await shownFor(500, body, 'Failed to update profile')).toBe('Failed to update profile');
  });

  it('a network failure shows the screen’s text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await api.get('/things').catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to upload image')).toBe('Failed to upload image');
  });

  it('a 4xx with a message still shows the server’s message', async () => {
    expect(await shownFor(401, JSON.stringify({ message: 'Invalid email or password' }))).toBe('Invalid email or password');
    expect(await shownFor(409, JSON.stringify({ message: 'Product limit reached' }), 'Failed to create product')).toBe(
      'Product limit reached',
    );
  });

  it('a 4xx without a message shows the screen’s text', async () => {
    expect(await shownFor(400, null, 'Failed to perform bulk reject')).toBe('Failed to perform bulk reject');
  });

  it('a 503 carries the maintenance message through', async () => {
    expect(await shownFor(503, JSON.stringify({ message: 'Back at noon' }))).toBe('Back at noon');
  });

  it('anything that is not an API error shows the screen’s text', () => {
    expect(errorMessage(new Error('boom'), 'Failed to send inquiry')).toBe('Failed to send inquiry');
    expect(errorMessage(undefined, 'Failed to send inquiry')).toBe('Failed to send inquiry');
  });
});
