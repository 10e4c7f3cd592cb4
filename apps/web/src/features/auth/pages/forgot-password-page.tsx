import { EmailRequest } from '@farmstand/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { MailIcon } from '@/components/ui/icons';
import { api, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { AuthCard, FormError, textLinkClass } from '../components/auth-card';

type ForgotForm = z.input<typeof EmailRequest>;

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so
 * the page cannot be used to find out who is registered.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ForgotForm>({ resolver: zodResolver(EmailRequest), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await api.post<{ message: string }>('/auth/forgot-password', values);
      setSentMessage(result.message);
    } catch (error) {
      setServerError(errorMessage(error, 'Could not send the reset link. Please try again.'));
    }
  });

  return (
    <AuthCard title="Reset your password" subtitle="We'll e-mail you a link to choose a new one.">
      {sentMessage ? (
        <div role="status" className="space-y-4 text-center">
          <MailIcon className="mx-auto h-12 w-12 text-brand-700 dark:text-green-400" />
          <p className="font-semibold">Check your inbox</p>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {sentMessage} The link works once and expires after an hour.
          </p>
          <Link to="/login" className={textLinkClass}>
            Back to Login
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormError message={serverError} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" size="lg" isLoading={form.formState.isSubmitting}>
            Send reset link
          </Button>
          <p className="text-center text-sm">
            Remembered it?{' '}
            <Link to="/login" className={textLinkClass}>
              Back to Login
            </Link>
          </p>
        </form>
      )}
    </AuthCard>
  );
}
