import { type ComponentType, createElement, lazy } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type PageModule<P> = { default: ComponentType<P> };
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * `lazy()` for a route's page that can also be loaded ahead of rendering. Once `preload()` has
 * resolved, the page renders in the same pass as its parent, without the Suspense fallback and the
 * second render pass that a plain `lazy()` always costs (it suspends once even when its chunk is
 * already in the browser). Before that, it suspends like `lazy()`.
 */
export function lazyPage<P extends object = object>(load: () => Promise<PageModule<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<PageModule<P>> | null = null;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return pending;
  };
  const Suspending = lazy(preload);
  const Page = ((props: P) => createElement((loaded ?? Suspending) as ComponentType<P>, props)) as LazyPage<P>;
  Page.preload = preload;
  return Page;
}

const isLazyPage = (type: unknown): type is LazyPage =>
  typeof type === 'function' && typeof (type as Partial<LazyPage>).preload === 'function';

/**
 * Loads the lazy pages of the routes that match `path` (their chunks are already downloading: the
 * server names them as modulepreload links), so the first render shows the page
 * itself instead of a spinner and then the page (docs/decisions/190). Resolves after `timeoutMs`
 * at the latest, so a slow chunk never holds back the header and the loading state.
 */
export function preloadPages(routes: RouteObject[], path: string, timeoutMs: number): Promise<void> {
  const loads = (matchRoutes(routes, path) ?? []).flatMap(({ route }) => {
    const element = route.element as { type?: unknown } | null | undefined;
    return element && isLazyPage(element.type) ? [element.type.preload()] : [];
  });
  if (loads.length === 0) return Promise.resolve();
  return Promise.race([
    Promise.all(loads).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, timeoutMs)),
  ]);
}
