import { TEXTS } from '@farmstand/shared';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/shared/auth-context';
import type { InquiryProduct } from './inquiry-form-card';

// react-hook-form and zod load only for a signed-in user who can send an inquiry, never for guests,
// so a guest's first load stays small.
const InquiryFormCard = lazy(() => import('./inquiry-form-card'));

/**
 * The product page's inquiry form (spec 01 §5): only for available products, signed-in users and
 * not the owner (admins may ask about any product). Guests and owners see why instead.
 */
export function ProductInquiryForm({ product }: { product: InquiryProduct }) {
  const { user } = useAuth();
  const location = useLocation();
  if (product.availability !== 'available') return null;
  if (!user) {
    return (
      <Card className="p-5">
        <h2 className="text-lg font-semibold">Send an inquiry</h2>
        <p className="mt-1 text-stone-700 dark:text-stone-300">{TEXTS.inquiryLoginRequired}</p>
        <Link
          to="/login"
          state={{ from: location.pathname }}
          className="mt-3 inline-block font-semibold text-brand-700 hover:underline dark:text-green-400"
        >
          Sign in
        </Link>
      </Card>
    );
  }
  if (product.producer_user_id === user.id && user.userType !== 'admin') {
    return (
      <Card className="p-5">
        <p className="text-stone-700 dark:text-stone-300">{TEXTS.ownProductInquiry}</p>
      </Card>
    );
  }
  return (
    <Suspense fallback={<InquiryFormPlaceholder />}>
      <InquiryFormCard product={product} />
    </Suspense>
  );
}

/** The form's box while its code loads, so nothing below it moves. */
function InquiryFormPlaceholder() {
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Send an inquiry</h2>
      <div className="mt-4 h-64" aria-hidden="true" />
    </Card>
  );
}
