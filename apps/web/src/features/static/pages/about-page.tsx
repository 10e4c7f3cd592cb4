import type { SiteInfoResponse } from '@farmstand/shared/schemas/site';
import { ButtonLink } from '@/components/ui/button';
import { usePublicPageTitle } from '@/lib/document-title';
import { useSite } from '@/shared/site/api';
import { StaticPage, type StaticSection } from '../components/static-page';

/** Name, trial and prices as the admin set them (GET /api/site). */
function aboutSections({ site_name: name, plans }: SiteInfoResponse): StaticSection[] {
  return [
    {
      id: 'why',
      title: `Why ${name} exists`,
      body: (
        <>
          <p>
            Across Kentucky and its neighbours there are thousands of small farms, home bakers, beekeepers and egg, dairy and meat
            producers selling from the back porch, a roadside stand or a Saturday market. Most of them are hard to find unless you
            already know where to look.
          </p>
          <p>
            {name} puts them on one map. Shoppers search by town, ZIP code or distance, see what is available this week and
            message the producer directly to arrange pickup or delivery.
          </p>
        </>
      ),
    },
    {
      id: 'fair',
      title: 'Fair to producers',
      body: (
        <p>
          We take no commission, ever. Producers start with a {plans.trial_days}-day free trial without a card and then pay a flat
          ${plans.monthly_price} a month or ${plans.annual_price} a year. Every dollar a shopper pays for the food goes to the
          person who grew or made it.
        </p>
      ),
    },
    {
      id: 'trust',
      title: 'Built on trust',
      body: (
        <p>
          Producers can upload their licences and certifications; our admins check them before a Verified badge appears. Shoppers
          leave reviews, and our Resources pages help new cottage-food makers understand the rules in their state.
        </p>
      ),
    },
  ];
}

export default function AboutPage() {
  usePublicPageTitle('/about');
  const site = useSite();
  return (
    <>
      <StaticPage
        title={`About ${site.site_name}`}
        intro="A local-food marketplace for Kentucky, Indiana, Ohio, Tennessee and West Virginia, connecting the people who grow and make food with the neighbours who eat it."
        sections={aboutSections(site)}
      />
      <div className="mx-auto flex max-w-5xl flex-wrap gap-3 px-4 sm:px-6">
        <ButtonLink to="/search">Find Local Producers</ButtonLink>
        <ButtonLink to="/pricing" variant="secondary">
          Pricing for producers
        </ButtonLink>
      </div>
    </>
  );
}
