import { type StandInvitationForm, standInvitationFormSchema } from '@farmstand/shared/schemas/stand-helpers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { acceptInvitation, useInvitation, usePasswordMinLength } from '../api';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300';

/**
 * /stand/join?token=…: the invited helper opens the e-mailed link, chooses their name and a
 * password, and is signed in to the farm's stand (decision 579). A link that no longer works says why.
 */
export default function JoinStandPage() {
  useDocumentTitle('Join a farm’s stand');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invitation = useInvitation(token);
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <h1 className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        {invitation.data ? `Help run ${invitation.data.farm_name}’s stand` : 'Join a farm’s stand'}
      </h1>
      <Card className="mt-6 p-6">
        {!token ? (
          <p role="alert">This page needs the link from your invitation e-mail.</p>
        ) : invitation.isPending ? (
          <Spinner />
        ) : invitation.isError ? (
          <div className="space-y-4">
            <p role="alert" className="text-red-800 dark:text-red-200">
              {errorMessage(invitation.error, 'Could not open the invitation. Check your connection and try again.')}
            </p>
            <p>
              <Link to="/login" className={linkClass}>
                Sign in
              </Link>
            </p>
          </div>
        ) : (
          <JoinForm token={token} email={invitation.data.email} />
        )}
      </Card>
    </div>
  );
}

function JoinForm({ token, email }: { token: string; email: string }) {
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const minLength = usePasswordMinLength();
  const schema = useMemo(() => standInvitationFormSchema(minLength), [minLength]);
  const form = useForm<StandInvitationForm>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ name, password }) => {
    setProblem(null);
    try {
      startSession(await acceptInvitation({ token, name, password }));
      toast.success('Welcome! This phone is ready to sell.');
      navigate('/stand', { replace: true });
    } catch (error) {
      setProblem(errorMessage(error, 'Could not set up your account. Please try again.'));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-stone-700 dark:text-stone-300">
        You sign in as <strong className="break-all">{email}</strong>. Your account opens only this farm’s stand.
      </p>
      <TextInput label="Your name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <TextInput
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${minLength} characters`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextInput
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <FormError>{problem}</FormError>
      <Button type="submit" size="lg" className="w-full" isLoading={isSubmitting}>
        Set up my stand account
      </Button>
    </form>
  );
}
