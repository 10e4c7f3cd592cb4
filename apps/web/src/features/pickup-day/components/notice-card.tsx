import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { errorMessage } from '@/lib/api';
import { useNoticeStatus, useSendNotice } from '../api';

const shoppers = (n: number) => `${n} ${n === 1 ? 'shopper' : 'shoppers'}`;

/**
 * Who the notice reaches (decision 546): the followers counted as the farm page counts them ("Saved
 * by N"), then the standing and CSA members it also goes to; those who turned the farm's notices
 * off are left out of the recipients.
 */
export function audienceText(followers: number, members: number, audience: number): string {
  const saved = followers === 0 ? 'No shopper has saved your farm yet' : `Saved by ${shoppers(followers)}`;
  const joined =
    members === 0 ? '' : `; ${members} ${members === 1 ? 'is a standing or CSA member' : 'are standing or CSA members'}`;
  if (audience === 0)
    return `${saved}${joined}. Nobody gets this e-mail yet (shoppers who turned your notices off are left out).`;
  return `${saved}${joined}. ${audience === 1 ? '1 shopper gets' : `${audience} shoppers get`} an e-mail with your next pickup times, each told why.`;
}

/**
 * "Ordering is open" (decision 513): the farm tells the shoppers who saved it, once a day, with
 * what's new; the mail lists the next pickups and carries a one-click unsubscribe for this farm.
 */
export function NoticeCard() {
  const status = useNoticeStatus();
  const send = useSendNotice();
  const [message, setMessage] = useState('');
  if (!status.data) return null;
  const { audience, followers, members, sent_today: sentToday } = status.data;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Tell your followers ordering is open</h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        {audienceText(followers, members, audience)} Once a day at most.
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
          <FormError>{send.isError && errorMessage(send.error, 'Could not send the notice; try again')}</FormError>
        </form>
      )}
    </Card>
  );
}
