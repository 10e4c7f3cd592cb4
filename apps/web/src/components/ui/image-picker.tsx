import { IMAGE_ACCEPT } from '@farmstand/shared/constants/images';
import { type ReactNode, useRef } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { imageFileProblem } from '@/lib/image-file';

type Props = {
  label: ReactNode;
  isBusy?: boolean;
  disabled?: boolean;
  variant?: 'primary' | 'secondary';
  /** Called instead of opening the picker (e.g. the product is not saved yet). */
  onBlocked?: () => void;
  /** The id of the text that says why the button is disabled (a full photo limit). */
  describedBy?: string;
  onFile: (file: File) => void;
};

/** A button that opens the file picker and checks type and size before anything is sent. */
export function ImagePicker({ label, isBusy, disabled, variant = 'secondary', onBlocked, describedBy, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        isLoading={isBusy}
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => (onBlocked ? onBlocked() : input.current?.click())}
      >
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const problem = imageFileProblem(file);
          if (problem) toast.error(problem);
          else onFile(file);
        }}
      />
    </>
  );
}
