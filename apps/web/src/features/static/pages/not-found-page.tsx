import { ButtonLink } from '@/components/ui/button';
import { SproutIcon } from '@/components/ui/icons';
import { useDocumentTitle } from '@/lib/document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <SproutIcon className="mx-auto h-12 w-12 text-brand-700 dark:text-green-300" />
      <h1 className="mt-4 text-3xl font-bold">Page not found</h1>
      <p className="mt-2 text-stone-600 dark:text-stone-300">We looked in every barn, but this page isn't here.</p>
      <div className="mt-6 flex justify-center gap-3">
        <ButtonLink to="/">Go home</ButtonLink>
        <ButtonLink to="/products" variant="secondary">
          Browse products
        </ButtonLink>
      </div>
    </div>
  );
}
