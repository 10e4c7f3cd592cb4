/** Sign-up with "I want to sell" chosen: where every producer call to action leads. */
export const REGISTER_PRODUCER = '/register?type=producer';

/** Where sign-in sends a person when no page asked for it (spec 01 §2). */
export const AFTER_SIGN_IN = '/dashboard';

/** Pages that must never be the place sign-in returns to: they would sign in again or loop. */
const NOT_A_DESTINATION = ['/login', '/register'];

/**
 * The page to return to after signing in, from a `next` query value, or null when it is not a path
 * on this site: only a relative path starting with one `/` (no `//host`, no `/\host`, no scheme, no
 * control characters) that stays on this origin is accepted, so a link can never send a person
 * elsewhere after they sign in (no open redirect).
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = 'https://farmstand.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (NOT_A_DESTINATION.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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
