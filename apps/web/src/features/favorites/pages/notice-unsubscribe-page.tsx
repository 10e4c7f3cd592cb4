import { useParams } from 'react-router';
import { UnsubscribeConfirm } from '@/components/ui/unsubscribe-confirm';
import { useDocumentTitle } from '@/lib/document-title';
import { useNoticeUnsubscribe } from '../api';

/** Where an "ordering is open" mail's unsubscribe link lands (decision 513): that farm's notices only. */
export default function NoticeUnsubscribePage() {
  useDocumentTitle('Stop a farm’s notices');
  const { token = '' } = useParams();
  return (
    <UnsubscribeConfirm
      unsubscribe={useNoticeUnsubscribe(token)}
      texts={{
        ask: 'Stop this farm’s notices?',
        done: 'Notices stopped',
        explanation: 'You will no longer get “ordering is open” e-mails from this farm. It stays in your favourites.',
        button: 'Stop these notices',
        failed: 'Could not stop the notices. Please try again.',
        back: { to: '/favorites', keep: 'Keep them and go to your favourites', after: 'Go to your favourites' },
      }}
    />
  );
}
