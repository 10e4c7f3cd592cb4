import { MODERATION_REASON_MAX } from '@farmstand/shared/schemas/admin';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';

type Props = {
  title: string;
  message: string;
  /** Who reads the reason, for the field's hint ('the producer', 'the reviewer'). */
  reader: string;
  confirmLabel: string;
  isBusy: boolean;
  /** The request's own schema check (shared with the server): an error message, or null. */
  validate: (reason: string) => string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
};

/** A removal or rejection asks why; the person it concerns reads the answer (docs/decisions/410). */
export function ReasonDialog({ title, message, reader, confirmLabel, isBusy, validate, onConfirm, onCancel }: Props) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(reason);
    setError(problem ?? undefined);
    if (!problem) onConfirm(reason.trim());
  };
  return (
    <Modal title={title} onClose={onCancel} width="max-w-md">
      <form onSubmit={submit} noValidate>
        <p className="text-stone-700 dark:text-stone-300">{message}</p>
        <div className="mt-4">
          <TextArea
            label="Reason"
            hint={`Shown to ${reader} with the notice and in the e-mail.`}
            rows={3}
            maxLength={MODERATION_REASON_MAX}
            value={reason}
            error={error}
            required
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
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
