import { TEXTS, VERIFY_REDIRECT_MS } from '@farmstand/shared';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons';
import { track } from '@/lib/analytics';
import { api, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { verifyEmailOnce } from '../verify-once';

type Status =
  | { kind: 'verifying' }
  | { kind: 'success'; alreadyVerified: boolean; message: string }
  | { kind: 'error'; message: string };

/** Spec 01 §2, §5, §8: verifies the e-mailed token on load, then success (and sign-in) or error. */
export default function VerifyEmailPage() {
  useDocumentTitle('Verify your e-mail');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(() =>
    token ? { kind: 'verifying' } : { kind: 'error', message: TEXTS.verifyTokenMissing },
  );

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    verifyEmailOnce(token).then(
      (result) => {
        if (!isCurrent) return;
        // A link opened again (or an older one) of a verified account: the same success, saying so.
        const alreadyVerified = result.alreadyVerified === true;
        setStatus({ kind: 'success', alreadyVerified, message: alreadyVerified ? result.message : TEXTS.verifySucceeded });
        toast.success(alreadyVerified ? result.message : TEXTS.verifySucceeded);
        if (!alreadyVerified) track('email_verified');
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setStatus({ kind: 'error', message: errorMessage(error, TEXTS.verifyFailed) });
        toast.error(TEXTS.verifyFailedToast);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);

  useEffect(() => {
    if (status.kind !== 'success') return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [status.kind, navigate]);

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card className="p-8 text-center">
        {status.kind === 'verifying' && (
          <>
            <h1 className="text-2xl font-bold">Verifying your email</h1>
            <Spinner label="Verifying your email…" />
          </>
        )}
        {status.kind === 'success' && <VerifiedView message={status.message} alreadyVerified={status.alreadyVerified} />}
        {status.kind === 'error' && <FailedView message={status.message} email={email} />}
      </Card>
    </div>
  );
}

function VerifiedView({ message, alreadyVerified }: { message: string; alreadyVerified: boolean }) {
  return (
    <>
      <CheckCircleIcon className="mx-auto h-14 w-14 text-brand-700 dark:text-green-400" />
      <h1 className="mt-4 text-2xl font-bold">{alreadyVerified ? 'Email already verified' : 'Email verified'}</h1>
      <p role="status" className="mt-2 text-stone-600 dark:text-stone-300">
        {message} Taking you to the sign-in page…
      </p>
      <ButtonLink to="/login" className="mt-6">
        Sign in now
      </ButtonLink>
    </>
  );
}

function FailedView({ message, email }: { message: string; email: string }) {
  const [isSending, setIsSending] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  const resend = async () => {
    if (!email) {
      setHint(TEXTS.resendEmailMissing);
      toast.error(TEXTS.resendEmailMissing);
      return;
    }
    setIsSending(true);
    try {
      await api.post('/auth/resend-verification', { email });
      setHint(null);
      toast.success(TEXTS.verificationResent);
    } catch {
      toast.error(TEXTS.verificationResendFailed);
    } finally {
      setIsSending(false);
    }
  };

  return (
    <>
      <AlertIcon className="mx-auto h-14 w-14 text-amber-600 dark:text-amber-400" />
      <h1 className="mt-4 text-2xl font-bold">We couldn't verify your email</h1>
      <p role="alert" className="mt-2 text-stone-700 dark:text-stone-300">
        {message}
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <Button onClick={resend} isLoading={isSending}>
          Resend verification email
        </Button>
        {hint && <p className="text-sm text-red-700 dark:text-red-400">{hint}</p>}
        <ButtonLink to="/register" variant="secondary">
          Create New Account
        </ButtonLink>
        <Link to="/login" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300">
          Back to Login
        </Link>
      </div>
    </>
  );
}
