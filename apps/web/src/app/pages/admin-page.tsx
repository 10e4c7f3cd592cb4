import AdminPage from '@/features/admin/pages/admin-page';
import { AdminBenefitProgrammes } from '@/features/benefit-programmes/components/admin-benefit-programmes';
import { AdminBenefitTotals } from '@/features/benefits/components/admin-benefit-totals';
import { AdminBenefitsReview } from '@/features/benefits/components/admin-benefits-review';
import { CertificationsReview } from '@/features/certifications/components/certifications-review';
import { AdminMarkets } from '@/features/market-office/components/admin-markets';
import { AdminOrdersTab } from '@/features/orders/components/admin-orders-tab';

/**
 * /admin: the admin area, its orders tab from the orders feature, the certifications' review from
 * the certifications feature, its SNAP numbers tab and the analytics' benefits tendered at pickup from
 * the benefits feature, the settings' benefit programmes from the benefit-programmes feature, the
 * markets and their managers from the market-office feature.
 */
export default function ComposedAdminPage() {
  return (
    <AdminPage
      ordersTab={<AdminOrdersTab />}
      certificationsTab={<CertificationsReview />}
      benefitsTab={<AdminBenefitsReview />}
      benefitTotals={<AdminBenefitTotals />}
      benefitProgrammes={<AdminBenefitProgrammes />}
      markets={<AdminMarkets />}
    />
  );
}
