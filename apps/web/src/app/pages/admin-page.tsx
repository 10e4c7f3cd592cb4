import AdminPage from '@/features/admin/pages/admin-page';
import { AdminBenefitProgrammes } from '@/features/benefit-programmes/components/admin-benefit-programmes';
import { AdminBenefitTotals } from '@/features/benefits/components/admin-benefit-totals';
import { AdminBenefitsReview } from '@/features/benefits/components/admin-benefits-review';
import { AdminOrdersTab } from '@/features/orders/components/admin-orders-tab';

/**
 * /admin: the admin area, its orders tab from the orders feature, its SNAP numbers tab, the
 * analytics' benefits tendered at pickup and the settings' benefit programmes from the benefits feature.
 */
export default function ComposedAdminPage() {
  return (
    <AdminPage
      ordersTab={<AdminOrdersTab />}
      benefitsTab={<AdminBenefitsReview />}
      benefitTotals={<AdminBenefitTotals />}
      benefitProgrammes={<AdminBenefitProgrammes />}
    />
  );
}
