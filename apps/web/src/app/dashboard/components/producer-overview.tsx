import { BarnIcon, CardIcon, ChatIcon, SproutIcon } from '@/components/ui/icons';
import { ReceivedInquiries } from '@/features/messages/components/inquiry-lists';
import { OwnApplicationStatus } from '@/features/producers/components/application-status';
import { useSite } from '@/shared/site/api';
import { formatBadge, useUnreadCount } from '@/shared/use-unread-count';
import { type QuickLink, QuickLinks } from './quick-links';
import { SubscriptionStatusCard } from './subscription-status-card';
import { SupportCard } from './support-card';

/** Producer Overview tab (spec 01 §2): quick links, subscription status and support. */
export function ProducerOverview() {
  const unread = useUnreadCount();
  const { limits } = useSite();
  const links: QuickLink[] = [
    {
      to: '/profile',
      icon: <BarnIcon />,
      title: 'My Profile',
      text: 'Your farm story, photos, location, delivery and certifications.',
    },
    {
      to: '/profile?tab=products',
      icon: <SproutIcon />,
      title: 'Manage Products',
      text: `Add, price and update up to ${limits.max_products_per_producer} active products.`,
    },
    { to: '/billing', icon: <CardIcon />, title: 'Billing', text: 'Your plan, payment method and invoices.' },
    {
      to: '/messages',
      icon: <ChatIcon />,
      title: 'Messages',
      text: unread > 0 ? 'Shoppers are waiting for your reply.' : 'Questions and inquiries from shoppers.',
      badge: unread > 0 ? formatBadge(unread) : undefined,
    },
  ];
  return (
    <div className="space-y-8">
      <OwnApplicationStatus />
      <QuickLinks label="Producer shortcuts" links={links} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SubscriptionStatusCard />
        <SupportCard />
      </div>
      <ReceivedInquiries />
    </div>
  );
}
