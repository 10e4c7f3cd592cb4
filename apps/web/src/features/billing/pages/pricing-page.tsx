import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Faq } from '@/components/ui/faq';
import { usePublicPageTitle } from '@/lib/document-title';
import { REGISTER_PRODUCER } from '@/lib/next-path';
import { annualSavings } from '@/lib/plan-terms';
import { useAuth } from '@/shared/auth-context';
import { useSite } from '@/shared/site/api';
import { CONSUMER_FEATURES, pricingFaq, producerFeatures, trialFeatures } from '../pricing-content';

function Check() {
  return (
    <span className="mt-0.5 text-brand-700 dark:text-green-400" aria-hidden="true">
      ✓
    </span>
  );
}

function BulletList({ items }: { items: string[] }) {
  return (
    <ul className="mt-4 space-y-2 text-sm">
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The call to action on each card depends on who is looking (spec 01 §2). */
function ConsumerAction() {
  const { user } = useAuth();
  if (!user)
    return (
      <ButtonLink to="/register" variant="secondary" className="w-full">
        Sign Up Free
      </ButtonLink>
    );
  if (user.userType === 'consumer')
    return (
      <p className="rounded-lg bg-brand-50 py-2 text-center font-semibold text-brand-800 dark:bg-green-950 dark:text-green-200">
        You're all set!
      </p>
    );
  return (
    <ButtonLink to="/dashboard" variant="secondary" className="w-full">
      Go to Dashboard
    </ButtonLink>
  );
}

function ProducerAction() {
  const { user } = useAuth();
  if (!user)
    return (
      <ButtonLink to={REGISTER_PRODUCER} className="w-full">
        Start Free Trial
      </ButtonLink>
    );
  if (user.userType === 'producer')
    return (
      <ButtonLink to="/billing" className="w-full">
        Manage Subscription
      </ButtonLink>
    );
  if (user.userType === 'admin')
    return (
      <ButtonLink to="/dashboard" className="w-full">
        Go to Dashboard
      </ButtonLink>
    );
  return (
    <ButtonLink to="/account/become-producer" className="w-full">
      Become a Producer
    </ButtonLink>
  );
}

export default function PricingPage() {
  usePublicPageTitle('/pricing');
  const site = useSite();
  const { trial_days: trialDays, monthly_price, annual_price } = site.plans;
  const savings = annualSavings(site.plans);
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="text-center">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Simple, honest pricing</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-stone-600 dark:text-stone-300">
          Free for shoppers. One flat subscription for producers, with a {trialDays}-day free trial and no commission, ever.
        </p>
      </div>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        {/* Its own height: stretched to the producer card it showed an empty block. */}
        <Card className="flex flex-col p-6 sm:p-8 lg:self-start">
          <h2 className="text-xl font-bold">For shoppers</h2>
          <p className="mt-2">
            <span className="text-4xl font-extrabold">Free</span>
          </p>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">Find and buy local food from people you can talk to.</p>
          <BulletList items={CONSUMER_FEATURES} />
          <div className="mt-auto pt-8">
            <ConsumerAction />
          </div>
        </Card>

        <Card className="relative flex flex-col border-2 border-brand-700 p-6 sm:p-8 dark:border-green-600">
          <span className="absolute -top-3 right-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white">
            {trialDays}-day free trial
          </span>
          <h2 className="text-xl font-bold">For producers</h2>
          <p className="mt-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-4xl font-extrabold">${monthly_price}</span>
            <span className="text-stone-600 dark:text-stone-300">per month</span>
            <span className="text-stone-500 dark:text-stone-400">or</span>
            <span className="text-2xl font-bold">${annual_price}</span>
            <span className="text-stone-600 dark:text-stone-300">per year</span>
            {savings > 0 && (
              <span className="rounded-full bg-yellow-100 px-2 py-0.5 text-xs font-bold text-yellow-900 dark:bg-yellow-900/60 dark:text-yellow-100">
                Save ${savings}!
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">No commission. No setup fee. Cancel any time.</p>
          <BulletList items={producerFeatures(site)} />
          <div className="mt-6 rounded-lg bg-brand-50 p-4 dark:bg-green-950/60">
            <h3 className="font-semibold">Your free trial</h3>
            <BulletList items={trialFeatures(site)} />
          </div>
          <div className="mt-auto pt-8">
            <ProducerAction />
          </div>
        </Card>
      </div>

      <section aria-labelledby="faq-heading" className="mx-auto mt-16 max-w-3xl">
        <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <div className="mt-6 rounded-xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
          <Faq items={pricingFaq(site)} />
        </div>
      </section>

      {!user && (
        <section className="mt-16 rounded-2xl bg-brand-800 px-6 py-10 text-center text-white">
          <h2 className="text-2xl font-bold">Start selling this week</h2>
          <p className="mx-auto mt-2 max-w-xl text-green-50">
            Set up your farm profile and first listings in minutes. Your first {trialDays} days are on us.
          </p>
          <ButtonLink to={REGISTER_PRODUCER} size="lg" className="mt-6 !bg-white !text-brand-800 hover:!bg-green-50">
            Start Free Trial
          </ButtonLink>
        </section>
      )}
    </div>
  );
}
