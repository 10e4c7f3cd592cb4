/** Sign-up with "I want to sell" chosen: where every producer call to action leads. */
export const REGISTER_PRODUCER = '/register?type=producer';

/** Where sign-in sends a person when no page asked for it (spec 01 §2). */
export const AFTER_SIGN_IN = '/dashboard';

/** Pages that must never be the place sign-in returns to: they would sign in again or loop. */
const NOT_A_DESTINATION = ['/login', '/register'];

const ORIGIN = 'https://farmstand.invalid';

/** Control characters (a browser drops tabs and newlines from a URL, so `/\t/host` reads `//host`) and backslashes (read as `/`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** `%2f`, `%2e`, `%5c`, `%09`…: every escaped ASCII character, decoded; others (UTF-8 bytes, a lone `%`) are left. */
const decodeAscii = (text: string) =>
  text.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The router decodes a path to match it: one it cannot decode (`/%`, `/%E0%A4%A`) is no page. */
function isDecodable(path: string): boolean {
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path part of `value` resolved against this site (dot segments removed, as a browser and the
 * router do), or null when it leaves the site: a `//host` or `/\host` after resolving, a scheme, a
 * control character or a backslash.
 */
function resolvedOnSite(value: string): URL | null {
  if (!value.startsWith('/') || UNSAFE_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return null;
  return url;
}

/**
 * The page to return to after signing in, from a `next` query value (or a link's `state.from`), or
 * null when it is not a page on this site. One rule, judged on the normalised path: the value must
 * be a path starting with one `/`, and so must its path once dot segments are resolved
 * (`/..//evil.example` is `//evil.example`) and once every escaped ASCII character is decoded, as
 * often as it is escaped (`/%2e%2e//evil`, `/%2F%2Fevil`, `/%5Cevil`, `/%252F%252Fevil`, `/%09/evil`).
 * So a link can never send a person elsewhere after they sign in (no open redirect), and the
 * router is never handed a path it refuses. The sign-in and sign-up pages are never a destination.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  const url = resolvedOnSite(value);
  if (!url || !isDecodable(url.pathname)) return null;
  // The path as the router and a server would read it, after every layer of escaping; each layer
  // must still be a path on this site.
  let path = url.pathname;
  for (let layers = 0; ; layers++) {
    const decoded = decodeAscii(path);
    if (decoded === path) break;
    const resolved = layers < 3 ? resolvedOnSite(decoded) : null;
    if (!resolved) return null;
    path = decoded;
  }
  const page = (resolvedOnSite(path)?.pathname ?? '').toLowerCase();
  if (NOT_A_DESTINATION.some((refused) => page === refused || page.startsWith(`${refused}/`))) return null;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // What is returned is itself a path on this site (the last word, whatever the steps above missed).
  return resolvedOnSite(result) && !result.startsWith('//') ? result : null;
}

/**
 * Where sign-in leads: the `next` query value, else a page that linked to /login with `state.from`,
 * else the dashboard. The login page and the guard that moves a signed-in person off it agree.
 */
export function pathAfterSignIn(params: URLSearchParams, state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return safeNextPath(params.get('next')) ?? safeNextPath(typeof from === 'string' ? from : null) ?? AFTER_SIGN_IN;
}

/** The sign-in page that returns to `path` afterwards. */
export const loginPathFor = (path: string) => (safeNextPath(path) ? `/login?next=${encodeURIComponent(path)}` : '/login');
