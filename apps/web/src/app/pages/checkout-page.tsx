import { PlannedBenefitsField } from '@/features/benefits/components/planned-benefits-field';
import { TenderPlanCard } from '@/features/benefits/components/tender-plan';
import CheckoutPage from '@/features/orders/pages/checkout-page';

/**
 * /checkout/{producerUserId}: one farm's basket, with what benefits can pay for it and which the
 * shopper tells the farm they plan to use (decision 516).
 */
export default function ComposedCheckoutPage() {
  return (
    <CheckoutPage
      tenderPlan={(basket) => <TenderPlanCard {...basket} />}
      plannedBenefits={(choice) => <PlannedBenefitsField {...choice} />}
    />
  );
}
