import { PLAN_PRICES, TRIAL_DAYS } from '@farmstand/shared';
import { ButtonLink } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { StaticPage, type StaticSection } from '../components/static-page';

const SECTIONS: StaticSection[] = [
  {
    id: 'why',
    title: 'Why Farmstand exists',
    body: (
      <>
        <p>
          Across Kentucky and its neighbours there are thousands of small farms, home bakers, beekeepers and egg, dairy and meat
          producers selling from the back porch, a roadside stand or a Saturday market. Most of them are hard to find unless you
          already know where to look.
        </p>
        <p>
          Farmstand puts them on one map. Shoppers search by town, ZIP code or distance, see what is available this week and
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
        We take no commission, ever. Producers start with a {TRIAL_DAYS}-day free trial without a card and then pay a flat $
        {PLAN_PRICES.monthly} a month or ${PLAN_PRICES.annual} a year. Every dollar a shopper pays for the food goes to the person
        who grew or made it.
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

export default function AboutPage() {
  useDocumentTitle('About us');
  return (
    <>
      <StaticPage
        title="About Farmstand"
        intro="A local-food marketplace for Kentucky, Indiana, Ohio, Tennessee and West Virginia, connecting the people who grow and make food with the neighbours who eat it."
        sections={SECTIONS}
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
