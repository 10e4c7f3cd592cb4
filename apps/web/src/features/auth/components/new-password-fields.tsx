import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextInput } from '@/components/ui/field';

type Field = UseFormRegisterReturn & { error?: string };

/**
 * A new password and its confirmation, as sign-up, reset and change ask them: the admin's minimum
 * length as the hint, and the browser told to suggest a new password.
 */
export function NewPasswordFields({
  label,
  minLength,
  password,
  confirm,
}: {
  label: 'Password' | 'New password';
  minLength: number;
  password: Field;
  confirm: Field;
}) {
  return (
    <>
      <TextInput
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`At least ${minLength} characters`}
        {...password}
      />
      <TextInput label={`Confirm ${label.toLowerCase()}`} type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}
