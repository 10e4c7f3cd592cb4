import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { BarnIcon, BasketIcon, CardIcon, ChatIcon, ClipboardIcon, SproutIcon, StoreIcon } from '@/components/ui/icons';
import { ReceivedInquiries } from '@/features/messages/components/inquiry-lists';
import { formatBadge, useUnreadCount } from '@/features/messages/unread-count';
import { useOwnProfile } from '@/features/producers/api';
import { OwnApplicationStatus } from '@/features/producers/components/application-status';
import { productLimitPhrase } from '@/lib/plan-terms';
import { useSite } from '@/shared/site/api';
import { type QuickLink, QuickLinks } from './quick-links';
import { SubscriptionStatusCard } from './subscription-status-card';
import { SupportCard } from './support-card';

/**
 * Producer Overview tab (spec 01 §2): quick links, subscription status and support. A producer with
 * no farm profile yet is asked for it first: nothing else works for shoppers until it exists.
 */
export function ProducerOverview() {
  const unread = useUnreadCount();
  const { limits } = useSite();
  const profile = useOwnProfile();
  const links: QuickLink[] = [
    {
      to: '/dashboard?tab=orders',
      icon: <ClipboardIcon />,
      title: 'Orders received',
      text: 'Requests to answer and each pickup day’s orders.',
    },
    {
      to: '/stand',
      icon: <StoreIcon />,
      title: 'Stand mode',
      text: 'Your phone as the register at the market booth or farm stand, with or without signal.',
    },
    {
      to: '/farm/markets',
      icon: <StoreIcon />,
      title: 'My markets',
      text: 'The farmers markets you sell at: apply, your place there, each market day’s report and statement.',
    },
    {
      to: '/farm/books',
      icon: <ClipboardIcon />,
      title: 'Books',
      text: 'Sales, tenders and tax out to a spreadsheet, QuickBooks or Xero; the quarter’s sales tax.',
    },
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
      text: `Add, price and update up to ${productLimitPhrase(limits)}.`,
    },
    {
      to: '/profile?tab=products&catalogue=open',
      icon: <SproutIcon />,
      title: 'Catalogue spreadsheet',
      text: 'Export your products to Excel or Google Sheets, and import your changes back.',
    },
    { to: '/billing', icon: <CardIcon />, title: 'Billing', text: 'Your plan, payment method and invoices.' },
    { to: '/orders', icon: <BasketIcon />, title: 'My purchases', text: 'What you reserved from other farms, and your baskets.' },
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
      {profile.data === null && <CreateProfileCard />}
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

/** The first step of a new farm: its profile (name, place, story), before products and pickup places. */
function CreateProfileCard() {
  return (
    <Card className="border-brand-600 p-6 dark:border-green-600">
      <h2 className="text-lg font-bold">Create your farm profile</h2>
      <p className="mt-2 text-stone-700 dark:text-stone-300">
        Start here: your farm’s name, where it is and what you grow or make. Shoppers find you by it, and your products and pickup
        places hang from it.
      </p>
      <ButtonLink to="/profile" className="mt-4">
        Create your farm profile
      </ButtonLink>
    </Card>
  );
}
