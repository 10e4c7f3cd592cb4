import type { OwnProducerProfile } from '@farmstand/shared/schemas/producers';
import { Badge, type BadgeTone } from '../../../components/ui/card';
import { useOwnProfile } from '../api';

type Status = OwnProducerProfile['verification_status'];
const STATUS: Record<Status, { label: string; tone: BadgeTone; text: string }> = {
  pending: {
    label: 'Pending review',
    tone: 'yellow',
    text: 'An administrator reviews new farms and their certifications. Shoppers can already find you.',
  },
  approved: { label: 'Approved', tone: 'green', text: 'Your farm shows as verified to shoppers.' },
  rejected: {
    label: 'Not approved',
    tone: 'red',
    text: 'Your application was not approved. Update your profile or certifications and contact support if you think this is a mistake.',
  },
  more_info: {
    label: 'More information needed',
    tone: 'blue',
    text: 'Please update your profile or certifications as the note asks; the application is then reviewed again.',
  },
};

/** The producer's application status with the admin's latest note (issue 10 item 7). */
export function ApplicationStatus({
  profile,
}: {
  profile: Pick<OwnProducerProfile, 'verification_status' | 'verification_notes'>;
}) {
  const status = STATUS[profile.verification_status];
  return (
    <section
      aria-labelledby="application-status-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="application-status-heading" className="font-semibold">
          Application status
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{status.text}</p>
      {profile.verification_notes && (
        <figure className="mt-3 rounded-lg border-l-4 border-brand-700 bg-stone-50 px-3 py-2 dark:border-green-400 dark:bg-stone-800">
          <figcaption className="text-xs font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-300">
            Note from the administrator
          </figcaption>
          <blockquote className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{profile.verification_notes}</blockquote>
        </figure>
      )}
    </section>
  );
}

/** The same card for the dashboard, which has no profile at hand; nothing until a profile exists. */
export function OwnApplicationStatus() {
  const profile = useOwnProfile();
  if (!profile.data) return null;
  return <ApplicationStatus profile={profile.data} />;
}
