import { EmailRequest, LoginRequest, TEXTS } from '@farmstand/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { ApiError, api, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { pathAfterSignIn } from '@/lib/next-path';
import { useAuth } from '@/shared/auth-context';
import { useSite } from '@/shared/site/api';

type LoginForm = z.input<typeof LoginRequest>;

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const siteName = useSite().site_name;
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  /** Set when the account exists but its address is not verified yet: the form offers a new link. */
  const [isUnverified, setIsUnverified] = useState(false);
  /** What the last e-mail request answered (a sign-in link or a verification link). */
  const [mailNotice, setMailNotice] = useState<string | null>(null);
  const [isMailing, setIsMailing] = useState(false);
  const form = useForm<LoginForm>({ resolver: zodResolver(LoginRequest) });
  const justRegistered = params.get('message') === 'registration-success';

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    setMailNotice(null);
    setIsUnverified(false);
    try {
      await login(values.email, values.password);
      toast.success('Welcome back!');
      // Back to the page that asked for sign-in.
      navigate(pathAfterSignIn(params, location.state), { replace: true });
    } catch (error) {
      setIsUnverified(error instanceof ApiError && error.status === 403 && error.message === TEXTS.emailNotVerified);
      setServerError(errorMessage(error, TEXTS.loginFailed));
    }
  });

  /** Mails a sign-in link or a new verification link to the address typed in the form. */
  const mailTo = (path: '/auth/email-link' | '/auth/resend-verification', fallback: string) => async () => {
    const parsed = EmailRequest.safeParse({ email: form.getValues('email') ?? '' });
    if (!parsed.success) {
      form.setError('email', { message: 'Enter your email address first' });
      form.setFocus('email');
      return;
    }
    form.clearErrors('email');
    setServerError(null);
    setMailNotice(null);
    setIsMailing(true);
    try {
      setMailNotice((await api.post<{ message: string }>(path, parsed.data)).message);
      setIsUnverified(false);
    } catch (error) {
      setServerError(errorMessage(error, fallback));
    } finally {
      setIsMailing(false);
    }
  };
  const sendSignInLink = mailTo('/auth/email-link', 'Could not send a sign-in link. Please try again.');
  const resendVerification = mailTo('/auth/resend-verification', TEXTS.verificationResendFailed);

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">Sign in to {siteName}</h1>
      <p className="mt-2 text-center text-stone-600 dark:text-stone-300">
        New here?{' '}
        <Link to="/register" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300">
          Create an account
        </Link>
      </p>
      {justRegistered && (
        <div
          role="status"
          className="mt-6 rounded-lg border border-green-300 bg-green-50 p-4 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
        >
          <p className="font-semibold">Account Created Successfully</p>
          <p className="text-sm">Please check your email and click the verification link, then sign in.</p>
        </div>
      )}
      <Card className="mt-6 p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError && (
            <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              <p>{serverError}</p>
              {isUnverified && (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  className="mt-2"
                  onClick={resendVerification}
                  isLoading={isMailing}
                >
                  Resend verification email
                </Button>
              )}
            </div>
          )}
          {mailNotice && (
            <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
              {mailNotice}
            </p>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <TextInput
            label="Password"
            type="password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <div className="flex justify-end">
            <Link
              to="/forgot-password"
              className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline dark:text-green-300"
            >
              Forgot your password?
            </Link>
          </div>
          <Button type="submit" className="w-full" size="lg" isLoading={form.formState.isSubmitting}>
            Sign In
          </Button>
          <Button type="button" variant="secondary" className="w-full" onClick={sendSignInLink} isLoading={isMailing}>
            Email me a sign-in link
          </Button>
          <p className="text-center text-xs text-stone-600 dark:text-stone-400">
            No password needed: we e-mail you a link that signs you in once, within 15 minutes.
          </p>
        </form>
      </Card>
    </div>
  );
}
