import type { AuthResponse } from '@farmstand/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { useSite } from '@/shared/site/api';
import { AuthCard, FormError, textLinkClass } from '../components/auth-card';

/**
 * A shopper turns their account into a producer account (decision 391). The server applies the
 * rules of registering as a producer; this page says what changes and asks for the yes.
 */
export default function BecomeProducerPage() {
  useDocumentTitle('Become a producer');
  const { plans, site_name: siteName } = useSite();
  const { user, startSession } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // One trial per account: an account that had one (or a plan) before starts without a new one.
  const hadTrial = user?.subscription.trial_ends_at != null || (user?.subscription.status ?? 'none') !== 'none';

  const confirm = async () => {
    setServerError(null);
    setIsSaving(true);
    try {
      const session = await api.post<AuthResponse>('/auth/become-producer', { confirm: true });
      startSession(session);
      // Favourites and everything read as a shopper are gone or different now.
      await queryClient.invalidateQueries();
      toast.success('Your account is now a producer account. Next: your farm profile.');
      navigate('/profile', { replace: true });
    } catch (error) {
      setServerError(errorMessage(error, 'Could not change your account. Please try again.'));
      setIsSaving(false);
    }
  };

  return (
    <AuthCard title="Become a producer" subtitle={`Sell what you grow and make on ${siteName}, with no commission.`}>
      <div className="space-y-4">
        <FormError message={serverError} />
        <p>
          {hadTrial
            ? `This account already had a free trial, so no new one starts: choose a plan ($${plans.monthly_price}/month or $${plans.annual_price}/year) from Billing to list products.`
            : `Your ${plans.trial_days}-day free trial starts now, no card needed. Afterwards it is $${plans.monthly_price}/month or $${plans.annual_price}/year.`}
        </p>
        <div>
          <h2 className="font-semibold">What changes for your account</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700 dark:text-stone-300">
            <li>You keep your e-mail address and password.</li>
            <li>Your orders, reviews and messages stay with your account.</li>
            <li>Your saved favourites are removed: producer accounts cannot keep favourites.</li>
            <li>Next you create your farm profile; your products can be listed once it is complete.</li>
          </ul>
        </div>
        <Button type="button" className="w-full" size="lg" onClick={confirm} isLoading={isSaving}>
          Turn my account into a producer account
        </Button>
        <p className="text-center text-sm">
          <Link to="/dashboard" className={textLinkClass}>
            Not now
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
