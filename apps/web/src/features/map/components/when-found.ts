/** How long a marker pressed in the static view may take to appear in Leaflet's (its markers are added in chunks). */
const FIND_TIMEOUT_MS = 5000;

/**
 * Runs `act` on Leaflet's element of this key as soon as it exists. Leaflet is ready before its
 * markers are all in place (the cluster group adds them in timed chunks, slower on a busy phone), so
 * a marker pressed in the static view may not be there yet when the map hands over.
 */
export function whenFound(
  container: HTMLElement,
  find: (key: string) => HTMLElement | null,
  key: string,
  act: (element: HTMLElement) => void,
) {
  const found = find(key);
  if (found) return act(found);
  const observer = new MutationObserver(() => {
    const element = find(key);
    if (!element) return;
    stop();
    act(element);
  });
  const timer = setTimeout(() => stop(), FIND_TIMEOUT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-map-key'] });
}
