import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChatIcon, CheckCircleIcon, SproutIcon } from '@/components/ui/icons';
import { usePublicPageTitle } from '@/lib/document-title';
import { REGISTER_PRODUCER } from '@/lib/next-path';
import { useAuth } from '@/shared/auth-context';
import { FreshThisWeek } from './fresh-this-week';
import { HeroPanel } from './hero-panel';

const VALUE_POINTS = [
  {
    icon: <CheckCircleIcon className="h-8 w-8" />,
    title: 'Certified producers',
    text: 'Admins check every license and certification before it earns a Verified badge.',
  },
  {
    icon: <SproutIcon className="h-8 w-8" />,
    title: 'Local and fresh',
    text: 'Food grown and made within driving distance: search by town, ZIP code or map.',
  },
  {
    icon: <ChatIcon className="h-8 w-8" />,
    title: 'Direct communication',
    text: 'Message farmers and bakers directly. No middleman, no commission.',
  },
];

export default function HomePage() {
  usePublicPageTitle('/');
  const { isAuthenticated } = useAuth();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-stone-50 dark:from-stone-900 dark:to-stone-950">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 pb-10 pt-12 sm:px-6 sm:pb-12 sm:pt-20 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-green-300">
              Kentucky · Indiana · Ohio · Tennessee · West Virginia
            </p>
            <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
              Buy straight from the farm down the road.
            </h1>
            <p className="mt-5 max-w-2xl text-lg text-stone-700 dark:text-stone-300">
              Farmstand connects local farms, cottage bakers, and egg, dairy and meat sellers with the households who buy from
              them directly. Free for shoppers. No commission for producers.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {isAuthenticated ? (
                <ButtonLink to="/dashboard" size="lg">
                  Go to Dashboard
                </ButtonLink>
              ) : (
                <>
                  <ButtonLink to={REGISTER_PRODUCER} size="lg">
                    Start Selling Your Products
                  </ButtonLink>
                  <ButtonLink to="/search" size="lg" variant="secondary">
                    Find Local Producers
                  </ButtonLink>
                </>
              )}
            </div>
          </div>
          <HeroPanel />
        </div>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-7xl px-4 pb-14 pt-4 sm:px-6">
        <h2 id="why-heading" className="sr-only">
          Why Farmstand
        </h2>
        <div className="grid gap-6 md:grid-cols-3">
          {VALUE_POINTS.map((point) => (
            <Card key={point.title} className="p-6">
              <div className="text-brand-700 dark:text-green-300">{point.icon}</div>
              <h3 className="mt-3 text-lg font-bold">{point.title}</h3>
              <p className="mt-1 text-stone-600 dark:text-stone-300">{point.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="fresh-heading" className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="fresh-heading" className="text-2xl font-bold tracking-tight">
              Fresh this week
            </h2>
            <p className="text-stone-600 dark:text-stone-300">A taste of what local producers are listing.</p>
          </div>
          <ButtonLink to="/search" variant="secondary">
            Browse All Products
          </ButtonLink>
        </div>
        <FreshThisWeek />
      </section>

      <section className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="rounded-2xl bg-brand-800 px-6 py-10 text-white sm:px-12">
          <h2 className="text-2xl font-bold">Ready to eat closer to home?</h2>
          <p className="mt-2 max-w-2xl text-green-50">Producers get 30 days free with no card. Shoppers are always free.</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/register" className="!bg-white !text-brand-800 hover:!bg-green-50">
              Get started
            </ButtonLink>
            <ButtonLink to="/search" variant="ghost" className="!text-white ring-1 ring-white/70 hover:!bg-brand-900">
              Browse producers
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
