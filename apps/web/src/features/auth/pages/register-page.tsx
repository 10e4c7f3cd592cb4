import { type RegisterForm, registerFormSchema, TEXTS } from '@farmstand/shared';
import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextInput } from '@/components/ui/field';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { useSite } from '@/shared/site/api';
import { NewPasswordFields } from '../components/new-password-fields';
import { usePasswordMinLength } from '../password-rules';

type RegisterValues = z.input<typeof RegisterForm>;

/** The producer's line quotes the admin's trial and monthly price (GET /api/site). */
const accountTypes = ({ plans }: Pick<SiteInfoResponse, 'plans'>) =>
  [
    { value: 'consumer', title: 'I want to buy', text: 'Find local food and message producers. Always free.' },
    {
      value: 'producer',
      title: 'I want to sell',
      text: `${plans.trial_days}-day free trial, no card. Then $${plans.monthly_price}/month, no commission.`,
    },
  ] as const;

export default function RegisterPage() {
  useDocumentTitle('Create an account');
  const site = useSite();
  const siteName = site.site_name;
  const { register: registerAccount } = useAuth();
  const navigate = useNavigate();
  // The producer links (Start Free Trial, Start Selling Your Products) open /register?type=producer.
  const [params] = useSearchParams();
  const [serverError, setServerError] = useState<string | null>(null);
  // The minimum the admin set (password_min_length), in the hint and the check.
  const passwordMinLength = usePasswordMinLength();
  const schema = useMemo(() => registerFormSchema(passwordMinLength), [passwordMinLength]);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      userType: params.get('type') === 'producer' ? 'producer' : 'consumer',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const userType = form.watch('userType');

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, phone, ...values }) => {
    setServerError(null);
    try {
      await registerAccount({ ...values, phone: phone?.trim() ? phone.trim() : null } as never);
      // Said once, by the sign-in page's banner (it stays while they read it): no toast beside it.
      navigate('/login?message=registration-success');
    } catch (error) {
      setServerError(errorMessage(error, TEXTS.registrationFailed));
    }
  });

  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">Create your {siteName} account</h1>
      <p className="mt-2 text-center text-stone-600 dark:text-stone-300">
        Already have one?{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-green-300">
          Sign in
        </Link>
      </p>
      <Card className="mt-6 p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {serverError && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {serverError}
            </p>
          )}
          <fieldset>
            <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">Account type</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              {accountTypes(site).map((type) => (
                <label
                  key={type.value}
                  className={`cursor-pointer rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${userType === type.value ? 'border-brand-700 bg-brand-50 dark:border-green-500 dark:bg-green-950' : 'border-stone-300 dark:border-stone-600'}`}
                >
                  <input type="radio" value={type.value} className="sr-only" {...form.register('userType')} />
                  <span className="block font-semibold">{type.title}</span>
                  <span className="block text-sm text-stone-600 dark:text-stone-300">{type.text}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <TextInput label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
          <TextInput
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <NewPasswordFields
            label="Password"
            minLength={passwordMinLength}
            password={{ error: errors.password?.message, ...form.register('password') }}
            confirm={{ error: errors.confirmPassword?.message, ...form.register('confirmPassword') }}
          />
          <p className="text-xs text-stone-600 dark:text-stone-400">
            By creating an account you agree to our{' '}
            <Link to="/terms" className="underline">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to="/privacy" className="underline">
              Privacy Policy
            </Link>
            .
          </p>
          <Button type="submit" className="w-full" size="lg" isLoading={isSubmitting}>
            Create Account
          </Button>
        </form>
      </Card>
    </div>
  );
}
