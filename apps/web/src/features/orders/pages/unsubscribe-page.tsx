import { useParams } from 'react-router';
import { UnsubscribeConfirm } from '@/components/ui/unsubscribe-confirm';
import { useDocumentTitle } from '@/lib/document-title';
import { useUnsubscribe } from '../api';

/** Where a reminder's "Stop these reminders" link lands (decision 505). */
export default function UnsubscribePage() {
  useDocumentTitle('Stop pickup reminders');
  const { token = '' } = useParams();
  return (
    <UnsubscribeConfirm
      unsubscribe={useUnsubscribe(token)}
      texts={{
        ask: 'Stop pickup reminders?',
        done: 'Reminders stopped',
        explanation: 'You will no longer get the e-mail the day before a pickup. Your orders stay as they are.',
        button: 'Stop reminders',
        failed: 'Could not stop the reminders. Please try again.',
        back: { to: '/orders', keep: 'Keep them and go to your orders', after: 'Go to your orders' },
      }}
    />
  );
}
