import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { BasketIcon } from '@/components/ui/icons';

/**
 * What a render error (or a page chunk that failed to load) shows instead of a white page. It sits
 * inside the layout, so the header, footer and navigation stay usable; moving to another route
 * clears it. The error goes to the console for whoever is debugging.
 */
export function RouteError() {
  const error = useRouteError();
  console.error('page failed to render', error);
  const isMissing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <BasketIcon className="mx-auto h-12 w-12 text-brand-700 dark:text-green-300" />
      <h1 className="mt-4 text-2xl font-bold">{isMissing ? 'Page not found' : 'Something went wrong on this page'}</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">
        {isMissing
          ? 'We could not find that page.'
          : 'Sorry, this page hit a problem. Your data is safe. Try again, or go back to a page that works.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to="/" className={buttonClasses('secondary')}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}

/** Last resort when the layout itself fails: no shell to keep, so a plain page with a way back. */
export function ShellError() {
  const error = useRouteError();
  console.error('layout failed to render', error);
  return (
    <main role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">Sorry, Farmstand hit a problem. Please try again.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Try again
        </button>
        <a href="/" className={buttonClasses('secondary')}>
          Go to the home page
        </a>
      </div>
    </main>
  );
}
