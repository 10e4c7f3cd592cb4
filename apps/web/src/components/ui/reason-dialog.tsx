import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from './button';
import { TextArea } from './field';
import { FormError } from './form-error';
import { Modal } from './modal';

type Props = {
  title: string;
  /** What the action does, above the field. */
  message?: ReactNode;
  /** The field's label: 'Reason', 'Reason for the shopper'. */
  label?: string;
  /** Who reads the reason and where ('Shown to the producer with the notice and in the e-mail.'). */
  hint?: string;
  maxLength: number;
  rows?: number;
  /** Why the reason cannot be sent (the request's own schema, or "say why"), or null. */
  validate: (reason: string) => string | null;
  confirmLabel: string;
  cancelLabel?: string;
  isBusy: boolean;
  /** The request's failure, if it failed. */
  error?: string | false | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/**
 * An action that tells someone why (remove, reject, cancel, end, decline) asks for the reason in a
 * dialog; the reason is trimmed and checked before `onConfirm`, and a refused one keeps the focus
 * in the field (decision 410).
 */
export function ReasonDialog({
  title,
  message,
  label = 'Reason',
  hint,
  maxLength,
  rows = 3,
  validate,
  confirmLabel,
  cancelLabel = 'Cancel',
  isBusy,
  error,
  onConfirm,
  onCancel,
}: Props) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(reason.trim());
    setProblem(found);
    if (found) input.current?.focus();
    else onConfirm(reason.trim());
  };
  return (
    <Modal title={title} onClose={onCancel} width="max-w-md">
      <form onSubmit={submit} noValidate className="space-y-4">
        {message && <p className="text-stone-700 dark:text-stone-300">{message}</p>}
        <TextArea
          ref={input}
          label={label}
          hint={hint}
          rows={rows}
          maxLength={maxLength}
          required
          autoFocus
          value={reason}
          error={problem ?? undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormError>{error}</FormError>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <Button type="button" variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="danger" isLoading={isBusy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The first message of a failed schema check, for `validate`. */
export const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);
