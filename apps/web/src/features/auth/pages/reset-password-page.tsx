import { newPasswordSchema, type ResetPasswordResponse, TEXTS } from '@farmstand/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { api, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { AuthCard, FormError, textLinkClass } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { usePasswordMinLength } from '../password-rules';

const resetFormSchema = (passwordMinLength: number) =>
  z
    .object({
      password: newPasswordSchema(passwordMinLength),
      confirmPassword: z.string().min(1, 'Please confirm your password'),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: TEXTS.passwordsDoNotMatch });
type ResetValues = z.infer<ReturnType<typeof resetFormSchema>>;

/** Sets a new password with the single-use token from the e-mailed link. */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const passwordMinLength = usePasswordMinLength();
  const schema = useMemo(() => resetFormSchema(passwordMinLength), [passwordMinLength]);
  const form = useForm<ResetValues>({ resolver: zodResolver(schema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      // The reset ended every earlier session; the answer carries a fresh one for this person.
      const result = await api.post<ResetPasswordResponse>('/auth/reset-password', { token, password });
      startSession(result);
      toast.success(result.message);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setServerError(errorMessage(error, 'Could not reset your password. Please try again.'));
    }
  });

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <p role="alert" className="text-stone-700 dark:text-stone-300">
          This page needs the link from your password reset e-mail.
        </p>
        <p className="mt-4">
          <Link to="/forgot-password" className={textLinkClass}>
            Request a new reset link
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={serverError} />
        {serverError && (
          <p className="text-sm">
            <Link to="/forgot-password" className={textLinkClass}>
              Request a new reset link
            </Link>
          </p>
        )}
        <NewPasswordFields
          label="New password"
          minLength={passwordMinLength}
          password={{ error: errors.password?.message, ...form.register('password') }}
          confirm={{ error: errors.confirmPassword?.message, ...form.register('confirmPassword') }}
        />
        <Button type="submit" className="w-full" size="lg" isLoading={isSubmitting}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
