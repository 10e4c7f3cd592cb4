import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api';
import { useNoticeStatus, useSendNotice } from '../api';

/**
 * "Ordering is open" (decision 513): the farm tells the shoppers who saved it, once a day, with
 * what's new; the mail lists the next pickups and carries a one-click unsubscribe for this farm.
 */
export function NoticeCard() {
  const status = useNoticeStatus();
  const send = useSendNotice();
  const [message, setMessage] = useState('');
  if (!status.data) return null;
  const { audience, sent_today: sentToday } = status.data;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Tell your followers ordering is open</h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        {audience === 0
          ? 'No shopper has saved your farm with notices on yet.'
          : `${audience} ${audience === 1 ? 'shopper saved' : 'shoppers saved'} your farm and will get an e-mail with your next pickup times.`}{' '}
        Once a day at most.
      </p>
      {send.isSuccess ? (
        <p role="status" className="mt-3 font-medium">
          {send.data.message}
        </p>
      ) : sentToday ? (
        <p className="mt-3 font-medium">Sent today. The next notice can go out tomorrow.</p>
      ) : (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate(message);
          }}
        >
          <TextArea
            label="What’s new this week"
            required
            maxLength={1000}
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <Button type="submit" isLoading={send.isPending} disabled={audience === 0 || !message.trim()}>
            Send to {audience} {audience === 1 ? 'shopper' : 'shoppers'}
          </Button>
          {send.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorMessage(send.error, 'Could not send the notice; try again')}
            </p>
          )}
        </form>
      )}
    </Card>
  );
}
