import { TenderPlanCard } from '@/features/benefits/components/tender-plan';
import CheckoutPage from '@/features/orders/pages/checkout-page';

/** /checkout/{producerUserId}: one farm's basket, with what benefits can pay for it (decision 516). */
export default function ComposedCheckoutPage() {
  return <CheckoutPage tenderPlan={(basket) => <TenderPlanCard {...basket} />} />;
}
