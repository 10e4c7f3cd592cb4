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

/** Written by the web build (apps/web/build-plugins.ts): each public route's page scripts. */
export const PAGE_SCRIPTS_FILE = 'page-scripts.json';

export type PageScripts = [RegExp, string[]][];

/** Route patterns with the page chunks to preload for them; empty when the build has no list. */
export function loadPageScripts(root: string): PageScripts {
  const file = path.join(root, PAGE_SCRIPTS_FILE);
  if (!existsSync(file)) return [];
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return Object.entries(routes)
    .filter(([route]) => route !== '*')
    .map(([route, files]) => [patternOf(route), files.filter((f) => /^\/assets\/[\w.-]+\.js$/.test(f))]);
}

/**
 * modulepreload links for the page at this path: its chunks download beside the entry instead of
 * after the entry has run and the router has picked the page (docs/decisions/158).
 */
export function modulePreloadLinks(scripts: PageScripts, url: string): string {
  const files = scripts.find(([pattern]) => pattern.test(url))?.[1] ?? [];
  return files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('\n    ');
}
