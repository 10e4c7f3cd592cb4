import { TEXTS } from '@farmstand/shared';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '@/shared/auth-context';
import type { InquiryProduct } from './inquiry-form-card';

// react-hook-form and zod load only for a signed-in user who can send an inquiry, never for guests,
// so a guest's first load stays small.
const InquiryFormCard = lazy(() => import('./inquiry-form-card'));

/**
 * The product page's inquiry form (spec 01 §5): a question to the farm, not a second way to order
 * (decision 533); it sits in the page's "Ask … a question" fold, which names it. Only for available
 * products, signed-in users and not the owner (admins may ask about any product). Guests and owners
 * see why instead.
 */
export function ProductInquiryForm({ product }: { product: InquiryProduct }) {
  const { user } = useAuth();
  const location = useLocation();
  if (product.availability !== 'available') return null;
  if (!user) {
    return (
      <div>
        <p className="text-stone-700 dark:text-stone-300">{TEXTS.inquiryLoginRequired}</p>
        <Link
          to="/login"
          state={{ from: location.pathname }}
          className="mt-2 inline-block font-semibold text-brand-700 hover:underline dark:text-green-400"
        >
          Sign in
        </Link>
      </div>
    );
  }
  if (product.producer_user_id === user.id && user.userType !== 'admin') {
    return <p className="text-stone-700 dark:text-stone-300">{TEXTS.ownProductInquiry}</p>;
  }
  return (
    <Suspense fallback={<InquiryFormPlaceholder />}>
      <InquiryFormCard product={product} />
    </Suspense>
  );
}

/** The form's box while its code loads, so nothing below it moves. */
function InquiryFormPlaceholder() {
  return <div className="h-64" aria-hidden="true" />;
}
