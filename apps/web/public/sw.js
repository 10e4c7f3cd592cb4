/*
 * Farmstand service worker: keeps the app usable on a flaky connection (spec 01 §1, §2).
 * Policy (docs/decisions/011):
 *   - install: the app shell and every script and style of this build (the build fills in
 *     VERSION and PRECACHE_ASSETS, see apps/web/pwa-precache.ts), so any page opens offline;
 *   - page navigations: network first, the cached app shell when offline;
 *   - /assets/* (content-hashed, immutable): cache first; older builds' files stay until
 *     trimmed, so a tab opened before a deploy can still load its chunks;
 *   - /uploads/* (public product and farm photos): cache first, at most MAX_UPLOADS kept;
 *   - small static files (icons, manifest, theme script): stale while revalidate;
 *   - /api and /socket.io/* are never touched: the page keeps its own offline copies of what a
 *     person read (apps/web/src/lib/saved-copies.ts, docs/decisions/155 and 203), so every API call
 *     stays a plain request of the page (which is also what request interception in tests sees).
 *     The API caches it made before are left to the page, and still cleared on sign-out.
 */
const VERSION = 'dev';
const PRECACHE_ASSETS = [];
const SHELL_CACHE = `farmstand-shell-${VERSION}`;
const ASSET_CACHE = 'farmstand-assets';
const UPLOAD_CACHE = 'farmstand-uploads';
const KNOWN_CACHES = [SHELL_CACHE, ASSET_CACHE, UPLOAD_CACHE];
const SHELL_FILES = ['/manifest.webmanifest', '/favicon.svg', '/icon-192.png', '/icon-512.png', '/theme-init.js'];
const MAX_ASSETS = 400;
const MAX_UPLOADS = 200;
const API_CACHE_PREFIX = 'farmstand-api-';
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.addAll(SHELL_FILES);
      const page = await fetch('/', { cache: 'no-cache' });
      if (page.ok) await shell.put('/', await shellCopy(page));
      const assets = await caches.open(ASSET_CACHE);
      const missing = [];
      for (const url of PRECACHE_ASSETS) if (!(await assets.match(url))) missing.push(url);
      await assets.addAll(missing);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('farmstand-') && !name.startsWith(API_CACHE_PREFIX) && !KNOWN_CACHES.includes(name))
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return;

  if (request.mode === 'navigate') event.respondWith(networkFirstPage(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request, ASSET_CACHE, MAX_ASSETS));
  else if (url.pathname.startsWith('/uploads/')) event.respondWith(cacheFirst(request, UPLOAD_CACHE, MAX_UPLOADS));
  else if (SHELL_FILES.includes(url.pathname)) event.respondWith(staleWhileRevalidate(request));
});

self.addEventListener('message', (event) => {
  // Signing out (or a dead session) forgets every saved API answer on this device.
  if (event.data?.type === 'clear-api-caches') {
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX)).map((n) => caches.delete(n)))),
    );
  }
});

/**
 * Every route is the same single-page shell; keep the latest copy for offline starts, without the
 * API answers inlined for that one page (they would be shown later as if fresh; offline, the saved
 * copies answer instead and say so).
 */
async function networkFirstPage(request) {
  const shell = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      await shell.put('/', await shellCopy(response.clone()));
    }
    return response;
  } catch {
    const cached = await shell.match('/');
    return cached ?? new Response('You are offline and Farmstand has not been opened here before.', { status: 503 });
  }
}

/** A page's HTML as the offline shell: the same, less its inlined API answers. */
async function shellCopy(response) {
  const html = (await response.text()).replace(/\s*<script type="application\/json" id="initial-data">[^<]*<\/script>/, '');
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

async function cacheFirst(request, cacheName, maxEntries) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trim(cache, maxEntries);
  }
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    })
    .catch(() => undefined);
  return cached ?? (await refresh) ?? Response.error();
}

/** Oldest entries go first (cache keys keep insertion order). */
async function trim(cache, maxEntries) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - maxEntries))) await cache.delete(key);
}
