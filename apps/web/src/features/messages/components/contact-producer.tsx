import { TEXTS } from '@farmstand/shared';
import { MESSAGE_MAX_LENGTH, MESSAGING_TEXTS } from '@farmstand/shared/constants/messaging';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextArea } from '@/components/ui/field';
import { MailIcon } from '@/components/ui/icons';
import { track } from '@/lib/analytics';
import { useAuth } from '@/shared/auth-context';
import { useStartConversation } from '../api';

type ContactTarget = {
  /** The producer's user id; missing data is reported instead of sending (spec 01 §5). */
  producerUserId: number | null | undefined;
  producerName: string;
  productId?: number;
  productName?: string;
};

/**
 * "Contact Producer": disabled for guests and on your own product unless you are an admin; opens
 * the contact modal. Used on the product page and the public producer page.
 */
export function ContactProducerButton({
  className = '',
  label = 'Contact Producer',
  ...target
}: ContactTarget & { className?: string; label?: string }) {
  const { user } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const isOwn = user !== null && user.id === target.producerUserId && user.userType !== 'admin';
  const disabledReason = !user ? 'Sign in to contact this producer' : isOwn ? 'This is your own listing' : undefined;
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        disabled={Boolean(disabledReason)}
        title={disabledReason}
        onClick={() => setIsOpen(true)}
      >
        <MailIcon className="h-5 w-5" /> {label}
      </Button>
      {!user && (
        <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
          <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-green-400">
            Sign in
          </Link>{' '}
          to message this producer.
        </p>
      )}
      {isOpen && <ContactProducerModal {...target} onClose={() => setIsOpen(false)} />}
    </>
  );
}

export function ContactProducerModal({
  producerUserId,
  producerName,
  productId,
  productName,
  onClose,
}: ContactTarget & { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const start = useStartConversation();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!producerUserId) {
      toast.error(MESSAGING_TEXTS.producerMissing);
      return;
    }
    if (!text.trim()) {
      setError(TEXTS.inquiryMessageRequired);
      return;
    }
    try {
      const result = await start.mutateAsync({ recipientId: producerUserId, content: text.trim(), productId: productId ?? null });
      track('producer_contact', { producerId: producerUserId, producerName, productId: productId ?? undefined, productName });
      toast.success(
        (t) => (
          <span>
            {MESSAGING_TEXTS.contactSent}{' '}
            <Link
              to={`/messages?conversation=${result.conversationId}`}
              onClick={() => toast.dismiss(t.id)}
              className="font-semibold underline"
            >
              Open conversation
            </Link>
          </span>
        ),
        { duration: 4000 },
      );
      onClose();
    } catch {
      toast.error(MESSAGING_TEXTS.contactSendFailed);
    }
  }

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="contact-producer-title"
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-950/60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <div>
          <h2 id="contact-producer-title" className="text-xl font-bold">
            Contact {producerName}
          </h2>
          {productName && <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">About: {productName}</p>}
        </div>
        <TextArea
          label="Message"
          rows={5}
          autoFocus
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          error={error}
          placeholder="Introduce yourself and ask your question…"
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={start.isPending}>
            Send Message
          </Button>
        </div>
      </form>
    </dialog>
  );
}
