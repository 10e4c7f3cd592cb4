/**
 * Registers public/sw.js in production builds only: in development a cached shell would hide
 * the changes being made.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch((error) => console.error('service worker registration failed', error));
  // After load, so caching the shell never competes with the first page's own requests.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
