import { PlannedBenefitsField } from '@/features/benefits/components/planned-benefits-field';
import { TenderPlanCard } from '@/features/benefits/components/tender-plan';
import CheckoutPage from '@/features/checkout/pages/checkout-page';
import { useMakeStanding } from '@/features/standing/api';
import { RepeatChoice } from '@/features/standing/components/repeat-choice';

/**
 * /checkout/{producerUserId}: one farm's basket, with what benefits can pay for it and which the
 * shopper tells the farm they plan to use (decision 516), and "Repeat this order", which makes the
 * placed order the first of a standing reservation (decision 514).
 */
export default function ComposedCheckoutPage() {
  const makeStanding = useMakeStanding();
  return (
    <CheckoutPage
      tenderPlan={(basket) => <TenderPlanCard {...basket} />}
      plannedBenefits={(choice) => <PlannedBenefitsField {...choice} />}
      repeatOrder={{
        choice: (props) => <RepeatChoice {...props} />,
        make: makeStanding.mutateAsync,
        isPending: makeStanding.isPending,
      }}
    />
  );
}
