import { countNoun } from '@farmstand/shared/format/quantity';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { BasketIcon, ChatIcon, ClipboardIcon, HeartIcon, MapIcon, StoreIcon } from '@/components/ui/icons';
import { MyBenefitsCard } from '@/features/benefits/components/my-benefits-card';
import { useBasketCount } from '@/features/checkout/basket';
import { SentInquiries } from '@/features/messages/components/inquiry-lists';
import { formatBadge, useUnreadCount } from '@/features/messages/unread-count';
import { useAuth } from '@/shared/auth-context';
import { DashboardHeader } from './dashboard-header';
import { type QuickLink, QuickLinks } from './quick-links';

const SHOPPING_TIPS = [
  'Search by town or ZIP code to see who grows and bakes near you.',
  'Look for the Verified badge: an admin has checked that producer’s licences and certifications.',
  'Message a producer to arrange pickup or delivery; you pay them directly, Farmstand takes no cut.',
  'Save the farms you like to Favorites so their new products are one tap away.',
];

/** The shopper's home base: shortcuts to finding food and to the people they buy from, and the benefits they use (private). */
export function ConsumerDashboard() {
  const { user } = useAuth();
  const unread = useUnreadCount();
  const basketCount = useBasketCount();
  const links: QuickLink[] = [
    { to: '/search', icon: <StoreIcon />, title: 'Find Producers', text: 'Farms and kitchens near you, by distance.' },
    { to: '/products', icon: <BasketIcon />, title: 'Browse Products', text: 'Eggs, bread, honey, produce, meat and more.' },
    { to: '/map', icon: <MapIcon />, title: 'Map View', text: 'See every producer around you on a map.' },
    {
      to: '/orders',
      icon: <ClipboardIcon />,
      title: 'My Orders',
      text:
        basketCount > 0
          ? `Your basket holds ${countNoun(basketCount, 'item')} not yet sent; upcoming and past orders.`
          : 'Upcoming and past orders, and standing reservations.',
      badge: basketCount > 0 ? formatBadge(basketCount) : undefined,
    },
    { to: '/favorites', icon: <HeartIcon />, title: 'Favorites', text: 'The producers you have saved.' },
    {
      to: '/messages',
      icon: <ChatIcon />,
      title: 'Messages',
      text: unread > 0 ? 'You have unread messages from producers.' : 'Your conversations with producers.',
      badge: unread > 0 ? formatBadge(unread) : undefined,
    },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <DashboardHeader title="Your Farmstand" subtitle={`Signed in as ${user?.email ?? ''}`} />
      <QuickLinks label="Shopper shortcuts" links={links} />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="text-lg font-bold">Shopping local, the Farmstand way</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-700 dark:text-stone-300">
            {SHOPPING_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </Card>
        <Card className="flex flex-col justify-between gap-4 p-6">
          <div>
            <h2 className="text-lg font-bold">Know what's in season</h2>
            <p className="mt-2 text-stone-700 dark:text-stone-300">
              Products marked available can be picked up now; pre-order and seasonal items show when they are expected. Filter by
              availability to see only what you can get this week.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/products">Browse available products</ButtonLink>
            <ButtonLink to="/search" variant="secondary">
              Find producers near me
            </ButtonLink>
          </div>
        </Card>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <MyBenefitsCard />
      </div>
      <div className="mt-8">
        <SentInquiries />
      </div>
    </div>
  );
}
