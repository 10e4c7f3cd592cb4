import { StaffInput, type VendorInvite } from '@farmstand/shared/schemas/markets';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';

type Email = z.input<typeof StaffInput>;

/**
 * One e-mail address of an existing account, checked by the shared schema before it is sent: a
 * farm invited to sell, a booth volunteer, a manager the admin grants.
 */
export function EmailForm({
  label,
  submitLabel,
  done,
  failed,
  send,
  schema = StaffInput,
}: {
  label: string;
  submitLabel: string;
  /** The toast once it is sent. */
  done: (email: string) => string;
  /** Said when the request fails without a message of the server's. */
  failed: string;
  send: (body: Email) => Promise<unknown>;
  /** The request's schema, whose words say what is wrong with the address. */
  schema?: typeof StaffInput | typeof VendorInvite;
}) {
  const form = useForm<Email>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    form.clearErrors('root');
    try {
      await send(body);
      toast.success(done(body.email));
      form.reset();
    } catch (error) {
      form.setError('root', { message: errorMessage(error, failed) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={submitLabel} className="space-y-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextInput
            label={label}
            type="email"
            autoComplete="off"
            inputMode="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
        </div>
        <Button type="submit" isLoading={isSubmitting} className="sm:mt-7">
          {submitLabel}
        </Button>
      </div>
      <FormError>{errors.root?.message}</FormError>
    </form>
  );
}
