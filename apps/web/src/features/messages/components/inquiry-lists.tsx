import { formatDate } from '@farmstand/shared';
import { CONTACT_PREFERENCE_LABELS } from '@farmstand/shared/constants/messaging';
import type { Inquiry } from '@farmstand/shared/schemas/inquiries';
import { Link } from 'react-router';
import { Badge, type BadgeTone, Card, Spinner } from '@/components/ui/card';
import { useInquiries } from '../api';

const STATUS: Record<Inquiry['status'], { label: string; tone: BadgeTone }> = {
  new: { label: 'New', tone: 'blue' },
  responded: { label: 'Responded', tone: 'green' },
  closed: { label: 'Closed', tone: 'gray' },
};

function InquiryItem({ inquiry, direction }: { inquiry: Inquiry; direction: 'received' | 'sent' }) {
  const who = direction === 'received' ? inquiry.customer?.email : (inquiry.producer?.farm_name ?? 'the producer');
  return (
    <li className="space-y-1 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/product/${inquiry.product.id}`} className="font-semibold text-brand-800 hover:underline dark:text-green-300">
          {inquiry.product.name}
        </Link>
        <Badge tone={STATUS[inquiry.status].tone}>{STATUS[inquiry.status].label}</Badge>
      </div>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {direction === 'received' ? 'From' : 'To'} {who} · Qty {inquiry.requestedQuantity} · Contact by{' '}
        {CONTACT_PREFERENCE_LABELS[inquiry.contactPreference].toLowerCase()}
        {inquiry.customer?.phone ? ` (${inquiry.customer.phone})` : ''} · {formatDate(inquiry.created_at)}
      </p>
      <p className="line-clamp-2 text-sm text-stone-800 dark:text-stone-200">{inquiry.message}</p>
      {inquiry.conversationId && (
        <Link
          to={`/messages?conversation=${inquiry.conversationId}`}
          className="inline-block text-sm font-semibold text-brand-700 hover:underline dark:text-green-400"
        >
          {direction === 'received' ? 'Reply' : 'Open conversation'}
        </Link>
      )}
    </li>
  );
}

function InquiryList({ direction, title }: { direction: 'received' | 'sent'; title: string }) {
  const { data, isLoading, isError } = useInquiries(direction);
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4">
        {isLoading ? (
          <Spinner label="Loading inquiries…" />
        ) : isError ? (
          <p className="text-sm text-red-700 dark:text-red-400">Failed to load inquiries</p>
        ) : !data?.inquiries.length ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {direction === 'received'
              ? 'No inquiries yet. They appear here when customers ask about your products.'
              : 'No inquiries yet. Ask a producer about a product from its page.'}
          </p>
        ) : (
          <ul className="divide-y divide-stone-200 dark:divide-stone-800">
            {data.inquiries.map((inquiry) => (
              <InquiryItem key={inquiry.id} inquiry={inquiry} direction={direction} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

/** Dashboard section for producers: the inquiries customers sent them. */
export function ReceivedInquiries() {
  return <InquiryList direction="received" title="Received inquiries" />;
}

/** Dashboard section for consumers: the inquiries they sent. */
export function SentInquiries() {
  return <InquiryList direction="sent" title="Your inquiries" />;
}
