import { Navigate } from 'react-router';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { ConsumerDashboard } from '../components/consumer-dashboard';
import { ProducerDashboard } from '../components/producer-dashboard';

/** One address, three dashboards: admins work in /admin (spec 01 §2). */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  if (user?.userType === 'admin') return <Navigate to="/admin" replace />;
  if (user?.userType === 'producer') return <ProducerDashboard />;
  return <ConsumerDashboard />;
}
