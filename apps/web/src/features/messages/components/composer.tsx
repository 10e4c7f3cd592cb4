import { MESSAGE_MAX_LENGTH } from '@farmstand/shared/constants/messaging';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';

type Props = {
  onSend: (content: string) => Promise<unknown>;
  onTyping: () => void;
  onStopTyping: () => void;
  disabled?: boolean;
};

/** Enter sends, Shift+Enter starts a new line; blank text is never sent (spec 01 §5). */
export function Composer({ onSend, onTyping, onStopTyping, disabled }: Props) {
  const [text, setText] = useState('');
  const [isSending, setIsSending] = useState(false);
  const isBlank = text.trim() === '';

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (isBlank || isSending) return;
    onStopTyping();
    setIsSending(true);
    try {
      await onSend(text.trim());
      setText('');
    } catch {
      /* the caller shows the error toast and the text stays for another try */
    } finally {
      setIsSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-stone-200 p-3 dark:border-stone-800">
      <label htmlFor="message-composer" className="sr-only">
        Type a message
      </label>
      <textarea
        id="message-composer"
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder="Type a message…"
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) onTyping();
          else onStopTyping();
        }}
        onBlur={onStopTyping}
        onKeyDown={onKeyDown}
        className={`${inputClasses} max-h-32 min-h-[2.625rem] resize-none`}
      />
      <Button type="submit" disabled={isBlank || disabled} isLoading={isSending}>
        Send
      </Button>
    </form>
  );
}
