import AdminPage from '@/features/admin/pages/admin-page';
import { AdminBenefitTotals } from '@/features/benefits/components/admin-benefit-totals';
import { AdminBenefitsReview } from '@/features/benefits/components/admin-benefits-review';
import { AdminOrdersTab } from '@/features/orders/components/admin-orders-tab';

/**
 * /admin: the admin area, its orders tab from the orders feature, its SNAP numbers tab and the
 * analytics' benefits tendered at pickup from the benefits feature.
 */
export default function ComposedAdminPage() {
  return (
    <AdminPage ordersTab={<AdminOrdersTab />} benefitsTab={<AdminBenefitsReview />} benefitTotals={<AdminBenefitTotals />} />
  );
}
