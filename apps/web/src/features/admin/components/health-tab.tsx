import { StatCard, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Badge, Spinner } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useJobsOverview, useSystemHealth } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { JobsPanel } from './jobs-panel';
import { PlatformHealth } from './platform-health';

const statusBadge = (status: string) => (
  <Badge tone={status === 'healthy' ? 'green' : 'red'}>{status === 'healthy' ? 'Healthy' : 'Unhealthy'}</Badge>
);

export function HealthTab() {
  const query = useSystemHealth();
  const jobs = useJobsOverview();
  useLoadErrorToast(query, ADMIN_TEXTS.loadHealth);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <LoadError text={ADMIN_TEXTS.loadHealth} onRetry={() => query.refetch()} />;
  const { database, server } = query.data;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <StatCard label="Database" value={statusBadge(database.status)} detail={`Size ${database.size_mb.toFixed(2)} MB`} />
        <StatCard
          label="Server"
          value={statusBadge(server.status)}
          detail={`Uptime ${(server.uptime / 3600).toFixed(1)} hours`}
        />
      </div>
      {jobs.data && <PlatformHealth platform={jobs.data.platform} />}
      {jobs.data && <JobsPanel data={jobs.data} />}
      {jobs.isError && <LoadError text={ADMIN_TEXTS.loadHealth} onRetry={() => jobs.refetch()} />}
    </>
  );
}
