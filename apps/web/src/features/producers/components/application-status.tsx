import type { OwnProducerProfile, VerificationDecision } from '@farmstand/shared/schemas/producers';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Badge, type BadgeTone } from '@/components/ui/card';
import { TextArea } from '@/components/ui/field';
import { errorMessage } from '@/lib/api';
import { useOwnProfile, useResubmitApplication } from '../api';

const DECISION: Record<VerificationDecision, string> = {
  approve: 'Approved',
  reject: 'Not approved',
  request_more_info: 'More information requested',
  reopen: 'Reopened for review',
};

/** After fixing the profile, the farmer sends the application back to the admins with a note of what changed. */
function ResubmitForm() {
  const resubmit = useResubmitApplication();
  const [note, setNote] = useState('');
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        resubmit.mutate(note.trim(), {
          onSuccess: () => toast.success('Application sent for review'),
          onError: (error) => toast.error(errorMessage(error, 'Failed to resubmit the application')),
        });
      }}
    >
      <TextArea
        label="What did you change?"
        rows={3}
        maxLength={2000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        hint="A short note for the administrator, sent with your application."
      />
      <Button type="submit" isLoading={resubmit.isPending} disabled={note.trim() === ''}>
        Resubmit Application
      </Button>
    </form>
  );
}

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
    text: 'Your application was not approved. Update your profile or certifications, then resubmit it below with a note of what changed.',
  },
  more_info: {
    label: 'More information needed',
    tone: 'blue',
    text: 'Please update your profile or certifications as the note asks, then resubmit it below with a note of what changed.',
  },
};

/** The producer's application status with the admin's latest note. */
export function ApplicationStatus({
  profile,
}: {
  profile: Pick<OwnProducerProfile, 'verification_status' | 'verification_notes'> &
    Partial<Pick<OwnProducerProfile, 'latest_decision'>>;
}) {
  const status = STATUS[profile.verification_status];
  const latest = profile.latest_decision ?? null;
  const note = latest ? latest.note : profile.verification_notes;
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
      {latest && (
        <p className="mt-2 text-sm">
          Latest decision: <span className="font-medium">{DECISION[latest.decision]}</span> on{' '}
          {new Date(latest.decided_at).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}
        </p>
      )}
      {note && (
        <figure className="mt-3 rounded-lg border-l-4 border-brand-700 bg-stone-50 px-3 py-2 dark:border-green-400 dark:bg-stone-800">
          <figcaption className="text-xs font-semibold uppercase tracking-wide text-stone-600 dark:text-stone-300">
            Note from the administrator
          </figcaption>
          <blockquote className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{note}</blockquote>
        </figure>
      )}
      {(profile.verification_status === 'rejected' || profile.verification_status === 'more_info') && <ResubmitForm />}
    </section>
  );
}

/** The same card for the dashboard, which has no profile at hand; nothing until a profile exists. */
export function OwnApplicationStatus() {
  const profile = useOwnProfile();
  if (!profile.data) return null;
  return <ApplicationStatus profile={profile.data} />;
}
