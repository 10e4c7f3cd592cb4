import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { errorMessage } from '@/lib/api';
import { formatZonedMoment } from '@/lib/format';
import { useAuth } from '@/shared/auth-context';
import { useOrderThread, usePostOrderMessage } from '../api';

/** The order's own thread (decision 170): its messages, and a box to write to the other side. */
export function OrderThread({ orderId, canWrite, timeZone }: { orderId: number; canWrite: boolean; timeZone: string }) {
  const { user } = useAuth();
  const thread = useOrderThread(orderId, true);
  const post = usePostOrderMessage(orderId);
  const [text, setText] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    try {
      await post.mutateAsync(text.trim());
      setText('');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not send the message'));
    }
  };
  return (
    <div className="space-y-2">
      <ul className="max-h-64 space-y-2 overflow-y-auto">
        {(thread.data?.messages ?? []).map((m) => (
          <li
            key={m.id}
            className={`rounded-lg px-3 py-2 text-sm ${
              m.sender_id === user?.id ? 'ml-8 bg-brand-50 dark:bg-brand-900/30' : 'mr-8 bg-stone-100 dark:bg-stone-800'
            }`}
          >
            <p className="whitespace-pre-line">{m.content}</p>
            <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">{formatZonedMoment(m.created_at, timeZone)}</p>
          </li>
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor={`order-message-${orderId}`} className="sr-only">
            Message about order {orderId}
          </label>
          <input
            id={`order-message-${orderId}`}
            className={inputClasses}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Write about this order…"
          />
          <Button type="submit" isLoading={post.isPending} disabled={!text.trim()}>
            Send
          </Button>
        </form>
      )}
    </div>
  );
}
