import { readCopy, saveCopy } from './saved-copies';
import { clearToken, getToken } from './storage';

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly field?: string,
    /** False when the server sent no `{ message }` (or never answered) and `message` is ours. */
    public readonly isServerMessage = true,
  ) {
    super(message);
  }
}

/** Fired on any 503 so the maintenance screen can appear without waiting for the next settings read. */
export const MAINTENANCE_EVENT = 'farmstand:maintenance';

/** Fired when an answer came from the saved copies because the network is gone (lib/saved-copies.ts). */
export const SAVED_COPY_EVENT = 'farmstand:saved-copy';
/** When a saved copy was last shown (0: never), for screens that start listening afterwards. */
export let savedCopyShownAt = 0;

/** What a write made without a connection says, instead of vanishing. */
export const OFFLINE_WRITE_MESSAGE = "You're offline, so this change was not saved. Try again when you're back online.";

/** Calls whose 401 belongs to the caller (a wrong password), not to an expired session. */
const OWN_401_PATHS = ['/auth/login', '/auth/register'];

type Query = Record<string, string | number | boolean | null | undefined>;
type RequestOptions = { query?: Query; body?: unknown; signal?: AbortSignal };

/** Drops empty values so `?category=&search=` never reaches the server (spec 01 §5). */
export function toQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body instanceof Blob) {
    // A file sent as it is (the catalogue's CSV): its own type, text/csv when the browser knows none.
    headers['Content-Type'] = options.body.type || 'text/csv';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = `/api${path}${toQueryString(options.query)}`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // No network: a read the person made before is answered from its saved copy, marked as such.
    const saved = method === 'GET' ? await readCopy(url, token) : null;
    if (saved !== null) {
      announceSavedCopy();
      return (saved ? safeJson(saved) : null) as T;
    }
    if (method !== 'GET' && typeof navigator !== 'undefined' && navigator.onLine === false) {
      throw new ApiError(0, OFFLINE_WRITE_MESSAGE, undefined, true);
    }
    throw new ApiError(0, 'Could not reach Farmstand. Check your connection and try again.', undefined, false);
  }
  // A saved copy served by an older service worker still says so.
  if (response.headers.get('x-farmstand-saved')) announceSavedCopy();
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (response.ok && method === 'GET' && data !== null) saveCopy(url, token, text);
  if (!response.ok) {
    // Only the session this call carried: a newer one stored meanwhile (a password change) stays.
    if (response.status === 401 && token && token === getToken() && !OWN_401_PATHS.includes(path)) {
      // An expired or revoked session: forget it, quietly (spec 01 §8, decision 392). clearToken tells
      // the auth state, so a public page stays as it is for a guest and a page that needs sign-in
      // sends the person to /login?next=<this page> through its route guard, keeping where they were.
      clearToken();
    }
    if (response.status === 503) window.dispatchEvent(new Event(MAINTENANCE_EVENT));
    const serverMessage = (data as { message?: unknown } | null)?.message;
    const hasMessage = typeof serverMessage === 'string' && serverMessage.trim() !== '';
    const message = hasMessage ? serverMessage : `Request failed (${response.status})`;
    throw new ApiError(response.status, message, (data as { field?: string } | null)?.field, hasMessage);
  }
  return data as T;
}

function announceSavedCopy(): void {
  savedCopyShownAt = Date.now();
  window.dispatchEvent(new Event(SAVED_COPY_EVENT));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, { body: form }),
  /** A file as the request's whole body (not a form), e.g. a CSV the server reads itself. */
  postFile: <T>(path: string, file: Blob, query?: Query) => request<T>('POST', path, { body: file, query }),
  file: (path: string, query?: Query) => fetchFile(path, query),
};

/**
 * A file the API answers (a PDF, a CSV), with the same bearer token and the same `{ message }`
 * errors as every other call; the server names it in Content-Disposition, or `filename` is null.
 */
async function fetchFile(path: string, query?: Query): Promise<{ blob: Blob; filename: string | null }> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}${toQueryString(query)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'Could not reach Farmstand. Check your connection and try again.', undefined, false);
  }
  if (response.ok) {
    const disposition = response.headers.get('content-disposition') ?? '';
    return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
  }
  const data = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof data?.message === 'string' ? data.message : `Request failed (${response.status})`;
  throw new ApiError(response.status, message, undefined, typeof data?.message === 'string');
}

/**
 * The one rule for what a failed call shows (spec 01 §8, spec 02 §8: "server message or
 * <fallback>"): the server's `{ message }` when it sent one for a 4xx, or for a 503 (maintenance
 * mode says why); otherwise the screen's own fallback text, e.g. 'Login failed'. A 5xx never shows
 * its text: it is the server's generic apology, and the screen knows better what just failed.
 * Network failures and answers without a message show the fallback too (decision 130).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || !error.isServerMessage) return fallback;
  if (error.status >= 500 && error.status !== 503) return fallback;
  return error.message;
}
