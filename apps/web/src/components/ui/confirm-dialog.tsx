import { Button } from './button';
import { Modal } from './modal';

type Props = {
  title: string;
  message: string;
  confirmLabel: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal yes/no question; Cancel has the focus so Enter never confirms by accident. */
export function ConfirmDialog({ title, message, confirmLabel, isBusy = false, onConfirm, onCancel }: Props) {
  return (
    <Modal title={title} onClose={onCancel} width="max-w-md">
      <p className="text-stone-700 dark:text-stone-300">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} isLoading={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
