import { CERTIFICATION_LABELS, CERTIFICATION_TYPES } from '@farmstand/shared';
import { CertificationRequest } from '@farmstand/shared/schemas/producers';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/field';
import { errorMessage } from '@/lib/api';
import { validateWith } from '@/lib/form-errors';
import { useAddCertification } from '../api';
import { CERTIFICATION_TEXTS } from '../texts';

type Values = {
  certification_type: string;
  certification_name: string;
  issuing_authority: string;
  certificate_number: string;
  issue_date: string;
  expiry_date: string;
};

const EMPTY: Values = {
  certification_type: '',
  certification_name: '',
  issuing_authority: '',
  certificate_number: '',
  issue_date: '',
  expiry_date: '',
};

export const EXPIRED_WARNING =
  'This date has passed: the certification will show as expired. A certificate is valid through its expiry date.';

/** The server's rule: valid through the expiry date, so only a date before today has passed. */
export function expiryHasPassed(expiry: string, now = new Date()): boolean {
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return expiry !== '' && expiry < today;
}

/** Type is required; everything else optional; the expiry must follow the issue date (spec 02 §5). */
export function CertificationForm({ onDone }: { onDone: () => void }) {
  const add = useAddCertification();
  const form = useForm<Values>({ defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const request = validateWith(
      CertificationRequest,
      { ...values, certification_type: values.certification_type || undefined },
      form.setError,
    );
    if (!request) return;
    try {
      await add.mutateAsync(request);
      toast.success(CERTIFICATION_TEXTS.certificationAdded);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, CERTIFICATION_TEXTS.certificationAddFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <SelectInput
        label="Certification type"
        required
        error={errors.certification_type?.message}
        {...form.register('certification_type')}
      >
        <option value="">Choose a type</option>
        {CERTIFICATION_TYPES.map((type) => (
          <option key={type} value={type}>
            {CERTIFICATION_LABELS[type]}
          </option>
        ))}
      </SelectInput>
      <TextInput
        label="Certification name (optional)"
        error={errors.certification_name?.message}
        {...form.register('certification_name')}
      />
      <TextInput
        label="Issuing authority (optional)"
        error={errors.issuing_authority?.message}
        {...form.register('issuing_authority')}
      />
      <TextInput
        label="Certificate number (optional)"
        error={errors.certificate_number?.message}
        {...form.register('certificate_number')}
      />
      <TextInput label="Issue date (optional)" type="date" error={errors.issue_date?.message} {...form.register('issue_date')} />
      <TextInput
        label="Expiry date (optional)"
        type="date"
        error={errors.expiry_date?.message}
        hint={expiryHasPassed(form.watch('expiry_date')) ? EXPIRED_WARNING : undefined}
        {...form.register('expiry_date')}
      />
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          Add Certification
        </Button>
      </div>
    </form>
  );
}
