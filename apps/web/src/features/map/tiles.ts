/**
 * Tiles come from our own origin (the server's cached proxy, docs/decisions/167), so the page needs
 * no third-party host and an unreachable tile server shows a plain background, not errors.
 */
export const TILES = {
  light: { url: '/tiles/light/{z}/{x}/{y}.png', carto: false },
  dark: { url: '/tiles/dark/{z}/{x}/{y}.png', carto: true },
};
export const MAX_ZOOM = 19;

export const tileUrl = (template: string, z: number, x: number, y: number) =>
  template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

/** Leaflet's `Browser.retina`: the tile layer then draws sharper tiles from the next zoom level (decision 167). */
export const isHighDensityScreen = () => typeof window !== 'undefined' && window.devicePixelRatio > 1;
