import { type AuthResponse, newPasswordSchema, TEXTS } from '@farmstand/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { api, errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { AuthCard, FormError, textLinkClass } from '../components/auth-card';
import { NewPasswordFields } from '../components/new-password-fields';
import { usePasswordMinLength } from '../password-rules';

const changeFormSchema = (passwordMinLength: number) =>
  z
    .object({
      currentPassword: z.string().min(1, 'Current password is required'),
      newPassword: newPasswordSchema(passwordMinLength),
      confirmPassword: z.string().min(1, 'Please confirm your password'),
    })
    .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: TEXTS.passwordsDoNotMatch });
type ChangeValues = z.infer<ReturnType<typeof changeFormSchema>>;

export const PASSWORD_CHANGED = 'Your password was changed. You were signed out everywhere else.';

/**
 * A signed-in person sets a new password with the current one (decision 124). The server ends every
 * other session and every outstanding reset link; this browser gets the fresh session it answers with.
 */
export default function ChangePasswordPage() {
  useDocumentTitle('Change your password');
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const passwordMinLength = usePasswordMinLength();
  const schema = useMemo(() => changeFormSchema(passwordMinLength), [passwordMinLength]);
  const form = useForm<ChangeValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(null);
    try {
      const session = await api.post<AuthResponse>('/auth/change-password', { currentPassword, newPassword });
      startSession(session);
      toast.success(PASSWORD_CHANGED);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      const message = errorMessage(error, 'Could not change your password. Please try again.');
      if (/current password/i.test(message)) form.setError('currentPassword', { message });
      else setServerError(message);
    }
  });

  return (
    <AuthCard title="Change your password" subtitle="You stay signed in here; every other device is signed out.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={serverError} />
        <TextInput
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields
          label="New password"
          minLength={passwordMinLength}
          password={{ error: errors.newPassword?.message, ...form.register('newPassword') }}
          confirm={{ error: errors.confirmPassword?.message, ...form.register('confirmPassword') }}
        />
        <Button type="submit" className="w-full" size="lg" isLoading={isSubmitting}>
          Change password
        </Button>
        <p className="text-center text-sm">
          <Link to="/forgot-password" className={textLinkClass}>
            Forgot your current password?
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
