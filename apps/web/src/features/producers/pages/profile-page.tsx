import type { OwnProducerProfile } from '@farmstand/shared/schemas/producers';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Card, EmptyState, PageTitle, Spinner } from '@/components/ui/card';
import { AlertIcon, BarnIcon } from '@/components/ui/icons';
import { Tabs } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/document-title';
import { useAuth } from '@/shared/auth-context';
import { useOwnProfile } from '../api';
import { ApplicationStatus } from '../components/application-status';
import { ProfileForm } from '../components/profile-form';
import { PRODUCER_TEXTS } from '../texts';

const PROFILE_TABS = ['profile', 'products', 'certifications', 'pickup', 'benefits'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];
const isTab = (value: string | null): value is ProfileTab => PROFILE_TABS.some((id) => id === value);

type Props = {
  productsTab: (profile: OwnProducerProfile) => ReactNode;
  certificationsTab: (profile: OwnProducerProfile) => ReactNode;
  pickupTab: ReactNode;
  benefitsTab: ReactNode;
};

/**
 * /profile: the producer's own farm area with its tabs; ?tab=products opens the catalogue (spec 02 §2).
 * The products tab belongs to the my-products feature (its form to the product editor), the
 * certifications tab to the certifications feature, the pickup tab to the pickup day, the benefits
 * tab to the benefits feature: composed in app/pages/profile-page.tsx.
 */
export default function ProfilePage({ productsTab, certificationsTab, pickupTab, benefitsTab }: Props) {
  useDocumentTitle('My farm profile');
  const { user } = useAuth();
  const isProducer = user?.userType === 'producer';
  const profile = useOwnProfile(isProducer);
  const [params, setParams] = useSearchParams();
  const tab: ProfileTab = isTab(params.get('tab')) ? (params.get('tab') as ProfileTab) : 'profile';

  if (!isProducer) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState title={PRODUCER_TEXTS.producersOnly} icon={BarnIcon} page>
          <ButtonLink to="/dashboard" variant="secondary" className="mt-4">
            Go to Dashboard
          </ButtonLink>
        </EmptyState>
      </div>
    );
  }
  if (profile.isPending) return <Spinner label="Loading your farm profile…" />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <EmptyState title={PRODUCER_TEXTS.profileLoadFailed} icon={AlertIcon} page>
          Please refresh the page to try again.
        </EmptyState>
      </div>
    );
  }

  if (!profile.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
        <PageTitle subtitle="Tell customers about your farm. You can add products and certifications once it is saved.">
          {PRODUCER_TEXTS.createProfile}
        </PageTitle>
        <Card className="p-5 sm:p-6">
          <ProfileForm profile={null} />
        </Card>
      </div>
    );
  }

  const selectTab = (next: ProfileTab) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <PageTitle
        subtitle={
          <>
            {profile.data.city}, {profile.data.state} ·{' '}
            <Link
              to={`/producer/${profile.data.user_id}`}
              className="font-semibold text-brand-700 hover:underline dark:text-green-300"
            >
              View public page
            </Link>
          </>
        }
      >
        {profile.data.farm_name}
      </PageTitle>
      <div className="mb-6 space-y-4">
        {profile.data.map_warning && (
          <div
            role="alert"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            <p className="font-semibold">Your farm is not on the map</p>
            <p className="text-sm">{profile.data.map_warning}</p>
          </div>
        )}
        <ApplicationStatus profile={profile.data} />
      </div>
      <Tabs
        label="Producer profile sections"
        selected={tab}
        onSelect={(id) => selectTab(id as ProfileTab)}
        tabs={[
          {
            id: 'profile',
            label: 'Profile Information',
            content: (
              <Card className="p-5 sm:p-6">
                <ProfileForm profile={profile.data} />
              </Card>
            ),
          },
          { id: 'products', label: 'Products', content: productsTab(profile.data) },
          { id: 'certifications', label: 'Certifications', content: certificationsTab(profile.data) },
          { id: 'pickup', label: 'Pickup & Orders', content: pickupTab },
          { id: 'benefits', label: 'Benefits', content: benefitsTab },
        ]}
      />
    </div>
  );
}
