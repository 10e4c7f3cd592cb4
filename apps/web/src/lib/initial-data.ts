import { saveCopy } from './saved-copies';
import { getToken } from './storage';

/**
 * API answers the server put into the page's HTML (docs/decisions/168): a page renders its first
 * pass with data instead of asking after its scripts ran. The block is read once; each answer is
 * handed out once (a later visit of the same screen asks the network as before).
 */
const SCRIPT_ID = 'initial-data';

type Query = Record<string, string | number | boolean | null | undefined>;
type Payload = { path?: unknown; api?: unknown };

let answers: Map<string, unknown> | null = null;

function readAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(SCRIPT_ID);
  if (!element) return answers;
  element.remove();
  // The server answers as to a guest; a signed-in person may be shown more (contact details), so asks.
  if (getToken()) return answers;
  try {
    const payload = JSON.parse(element.textContent ?? '') as Payload;
    // A copy of the HTML kept for another page (an offline start) says nothing about this one.
    if (payload.path !== window.location.pathname || !payload.api || typeof payload.api !== 'object') return answers;
    for (const [url, data] of Object.entries(payload.api as Record<string, unknown>)) answers.set(url, data);
  } catch {
    // unreadable: every screen asks the network
  }
  return answers;
}

/** The URL as the server keys it: `/api{path}` with non-empty parameters sorted by name. */
export function initialDataUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}

/**
 * The server's answer to GET /api{path}{query} if the page came with it, for useQuery's
 * `initialData`; undefined otherwise. Taking it also keeps it as an offline saved copy.
 */
export function initialApiData<T>(path: string, query?: Query): T | undefined {
  const store = readAnswers();
  const url = initialDataUrl(path, query);
  if (!store.has(url)) return undefined;
  const data = store.get(url) as T;
  store.delete(url);
  saveForOffline(url, data);
  return data;
}

/**
 * What a person read is kept for offline use; an answer that came with the
 * page never went through the API client, so it is kept here, after the page has rendered.
 */
function saveForOffline(url: string, data: unknown): void {
  setTimeout(() => saveCopy(url, getToken(), JSON.stringify(data)), 0);
}

/** Tests only: forget what was read. */
export function resetInitialData(): void {
  answers = null;
}
