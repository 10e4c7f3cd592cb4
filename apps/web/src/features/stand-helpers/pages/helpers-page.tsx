import { Link } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { Helpers } from '../components/helpers';

/** /stand/helpers: the farm's own account invites, lists and removes its stand helpers (decision 579). */
export default function HelpersPage() {
  useDocumentTitle('Stand helpers');
  return (
    <div className="mx-auto max-w-3xl px-3 py-4 sm:px-6">
      <p className="mb-2 text-sm">
        <Link to="/stand" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300">
          ← Back to the register
        </Link>
      </p>
      <h1 className="mb-1 text-xl font-bold sm:text-2xl">Stand helpers</h1>
      <p className="mb-4 text-stone-700 dark:text-stone-300">
        The people who run your booth sign in with their own account and see only the stand. Their sales are yours, and each one
        says who recorded it.
      </p>
      <Helpers />
    </div>
  );
}
