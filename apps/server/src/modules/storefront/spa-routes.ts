import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the web build (apps/web/spa-routes.ts): every path pattern of the client router. */
export const SPA_ROUTES_FILE = 'spa-routes.json';

export type PagePatterns = RegExp[] | null;

/** The client router's paths as patterns (":id" matches one segment); null when the build has no list. */
export function loadPagePatterns(root: string): PagePatterns {
  const file = path.join(root, SPA_ROUTES_FILE);
  if (!existsSync(file)) return null;
  const paths = JSON.parse(readFileSync(file, 'utf8')) as string[];
  return paths.filter((p) => p !== '*').map(patternOf);
}

export function patternOf(route: string): RegExp {
  const source = route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source === '' ? '/' : source}/?$`);
}

/** Whether the web app has a page at this path; without a list every path counts as a page. */
export function isKnownPagePath(patterns: PagePatterns, url: string): boolean {
  if (!patterns) return true;
  return patterns.some((pattern) => pattern.test(url));
}
