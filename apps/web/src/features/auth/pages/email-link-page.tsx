import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Card, Spinner } from '@/components/ui/card';
import { AlertIcon } from '@/components/ui/icons';
import { track } from '@/lib/analytics';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { AFTER_SIGN_IN } from '@/lib/next-path';
import { useAuth } from '@/shared/auth-context';
import { textLinkClass } from '../components/auth-card';
import { signInWithLinkOnce } from '../verify-once';

const LINK_FAILED = 'This sign-in link is invalid, expired or already used. Please ask for a new one.';

/** Opens an e-mailed sign-in link (decision 390): signs in once, then goes to the dashboard. */
export default function EmailLinkPage() {
  useDocumentTitle('Signing you in');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const [error, setError] = useState<string | null>(() => (token ? null : LINK_FAILED));

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    signInWithLinkOnce(token).then(
      (session) => {
        if (!isCurrent) return;
        startSession(session);
        track('user_login', { userType: session.user.userType });
        toast.success('Welcome back!');
        navigate(AFTER_SIGN_IN, { replace: true });
      },
      (failure: unknown) => {
        if (isCurrent) setError(errorMessage(failure, LINK_FAILED));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [token, startSession, navigate]);

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card className="p-8 text-center">
        {error === null ? (
          <>
            <h1 className="text-2xl font-bold">Signing you in</h1>
            <Spinner label="Signing you in…" />
          </>
        ) : (
          <>
            <AlertIcon className="mx-auto h-14 w-14 text-amber-600 dark:text-amber-400" />
            <h1 className="mt-4 text-2xl font-bold">We couldn't sign you in</h1>
            <p role="alert" className="mt-2 text-stone-700 dark:text-stone-300">
              {error}
            </p>
            <p className="mt-6">
              <Link to="/login" className={textLinkClass}>
                Back to sign in
              </Link>
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
