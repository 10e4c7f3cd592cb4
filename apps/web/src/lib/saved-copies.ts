/**
 * Offline copies of what a person has read (docs/decisions/155, 203): GET answers of products,
 * producers, their reviews, product searches, the user's own conversations and the site settings,
 * and who the user is (`/auth/me`): without it an offline start cannot confirm the stored session,
 * signs the user out and so loses the conversations kept for them (docs/decisions/250).
 * The page keeps them itself in CacheStorage (one cache per user, `farmstand-api-user-<id>`, or
 * `-guest`) and reads them back only when the network call fails. The service worker no longer
 * answers API calls, so every API request of the page is a plain request of the page.
 */
const API_CACHE_PREFIX = 'farmstand-api-';
const MAX_API_ENTRIES = 150;
const SAVED_API_PATHS = [
  /^\/api\/auth\/me$/,
  /^\/api\/products\/\d+$/,
  /^\/api\/producers$/,
  /^\/api\/producers\/\d+$/,
  /^\/api\/reviews\/(product|producer)\/\d+$/,
  /^\/api\/search\/products$/,
  // The producer search (/search) and the user's own favourite farms are lists of producers too.
  /^\/api\/search\/producers$/,
  /^\/api\/favorites$/,
  /^\/api\/messages\/conversations$/,
  /^\/api\/messages\/conversations\/\d+\/messages$/,
  /^\/api\/site$/,
];

function cacheStorage(): CacheStorage | null {
  return typeof caches !== 'undefined' ? caches : null;
}

/** Whether an answer to this URL (path and query, same origin) is worth keeping. */
export function isSavedPath(url: string): boolean {
  const path = url.split('?')[0];
  return SAVED_API_PATHS.some((pattern) => pattern.test(path));
}

/** Whose cache: the user id in the token (only a cache key; the server still checks the token), else guest. */
export function savedCopyCacheName(token: string | null | undefined): string | null {
  if (!token) return `${API_CACHE_PREFIX}guest`;
  try {
    const part = token.split('.')[1] ?? '';
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    if (payload.sub !== undefined && payload.sub !== null)
      return `${API_CACHE_PREFIX}user-${String(payload.sub).replace(/[^\w-]/g, '')}`;
  } catch {
    // not a JWT: nothing is kept for it
  }
  return null;
}

const absolute = (url: string) => new URL(url, window.location.origin).href;

/** Keeps the body of a successful answer; never throws and never delays the caller. */
export function saveCopy(url: string, token: string | null | undefined, body: string): void {
  const storage = cacheStorage();
  const name = savedCopyCacheName(token);
  if (!storage || !name || !isSavedPath(url)) return;
  const headers = { 'content-type': 'application/json; charset=utf-8', date: new Date().toUTCString() };
  void (async () => {
    const cache = await storage.open(name);
    await cache.put(absolute(url), new Response(body, { status: 200, headers }));
    const keys = await cache.keys();
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_API_ENTRIES))) await cache.delete(key);
  })().catch(() => undefined);
}

/** The kept body for this URL and user, or null. */
export async function readCopy(url: string, token: string | null | undefined): Promise<string | null> {
  const storage = cacheStorage();
  const name = savedCopyCacheName(token);
  if (!storage || !name || !isSavedPath(url)) return null;
  try {
    const cache = await storage.open(name);
    const found = await cache.match(absolute(url));
    return found ? await found.text() : null;
  } catch {
    return null;
  }
}

/** Signing out (or a dead session) forgets every kept answer on this device. */
export function clearCopies(): void {
  const storage = cacheStorage();
  if (!storage) return;
  void storage
    .keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX)).map((n) => storage.delete(n))))
    .catch(() => undefined);
}
