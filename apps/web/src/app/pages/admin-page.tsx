import AdminPage from '@/features/admin/pages/admin-page';
import { AdminOrdersTab } from '@/features/orders/components/admin-orders-tab';

/** /admin: the admin area, its orders tab from the orders feature. */
export default function ComposedAdminPage() {
  return <AdminPage ordersTab={<AdminOrdersTab />} />;
}
