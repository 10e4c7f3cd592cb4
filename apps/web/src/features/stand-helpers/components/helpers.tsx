import { formatDate, formatMessageTime } from '@farmstand/shared/format/time';
import { type StandHelper, StandHelperInviteRequest, type StandInvitation } from '@farmstand/shared/schemas/stand-helpers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Card, Spinner } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextInput } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { useInviteHelper, useRemoveHelper, useStandHelpers, useWithdrawInvitation } from '../api';

/**
 * The farm's stand helpers (decision 579): invite one by e-mail, see who helps and the invitations
 * still waiting, withdraw an invitation or remove a helper (asked first: their phone signs out).
 */
export function Helpers() {
  const helpers = useStandHelpers();
  if (helpers.isPending) return <Spinner />;
  if (helpers.isError)
    return <LoadError text={errorMessage(helpers.error, 'Could not load your helpers.')} onRetry={() => helpers.refetch()} />;
  const { helpers: list, invitations } = helpers.data;
  return (
    <div className="space-y-6">
      <InviteForm />
      <section aria-labelledby="helpers-heading">
        <h2 id="helpers-heading" className="mb-2 text-lg font-semibold">
          Helpers ({list.length})
        </h2>
        {list.length === 0 ? (
          <p className="text-stone-700 dark:text-stone-300">No helpers yet: invite the people who run your booth.</p>
        ) : (
          <ul className="space-y-2">
            {list.map((helper) => (
              <HelperRow key={helper.id} helper={helper} />
            ))}
          </ul>
        )}
      </section>
      {invitations.length > 0 && (
        <section aria-labelledby="invitations-heading">
          <h2 id="invitations-heading" className="mb-2 text-lg font-semibold">
            Waiting for an answer ({invitations.length})
          </h2>
          <ul className="space-y-2">
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function InviteForm() {
  const invite = useInviteHelper();
  const form = useForm<StandHelperInviteRequest>({
    resolver: zodResolver(StandHelperInviteRequest),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await invite.mutateAsync(body);
      toast.success(`Invitation sent to ${body.email}`);
      form.reset();
    } catch {
      // Shown under the form.
    }
  });
  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} noValidate aria-labelledby="invite-heading" className="space-y-3">
        <h2 id="invite-heading" className="text-lg font-semibold">
          Invite a helper
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          They get an e-mail with a link that works once, for 7 days. Their account opens only your stand: they can sell and hand
          over today’s pickups, but not change products, prices or stock, or see your other orders.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <TextInput
              label="Helper’s e-mail"
              type="email"
              autoComplete="off"
              inputMode="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
          </div>
          <Button type="submit" isLoading={isSubmitting} className="sm:mt-7">
            Send invitation
          </Button>
        </div>
        <FormError>{invite.isError && errorMessage(invite.error, 'Could not send the invitation. Please try again.')}</FormError>
      </form>
    </Card>
  );
}

const rowClass =
  'flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between dark:border-stone-700 dark:bg-stone-900';

function HelperRow({ helper }: { helper: StandHelper }) {
  const remove = useRemoveHelper();
  const [asking, setAsking] = useState(false);
  return (
    <li className={rowClass}>
      <div className="min-w-0">
        <p className="font-semibold">{helper.name}</p>
        <p className="break-all text-sm text-stone-700 dark:text-stone-300">{helper.email}</p>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Added {formatDate(helper.added_at)} ·{' '}
          {helper.last_recorded_at ? `last sale ${formatMessageTime(helper.last_recorded_at)}` : 'no sales yet'}
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)} aria-label={`Remove ${helper.name}`}>
        Remove
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Remove ${helper.name}?`}
          message={`${helper.name} is signed out at once and can no longer open your stand. Sales they recorded stay in your books. Sales still waiting on their phone are not sent.`}
          confirmLabel="Remove helper"
          isBusy={remove.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            remove.mutate(helper.id, {
              onSuccess: () => {
                toast.success(`${helper.name} removed`);
                setAsking(false);
              },
              onError: (error) => {
                toast.error(errorMessage(error, 'Could not remove the helper. Please try again.'));
                setAsking(false);
              },
            })
          }
        />
      )}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: StandInvitation }) {
  const withdraw = useWithdrawInvitation();
  return (
    <li className={rowClass}>
      <div className="min-w-0">
        <p className="break-all font-semibold">{invitation.email}</p>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          Sent {formatDate(invitation.created_at)} · link works until {formatDate(invitation.expires_at)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        isLoading={withdraw.isPending}
        aria-label={`Withdraw the invitation to ${invitation.email}`}
        onClick={() =>
          withdraw.mutate(invitation.id, {
            onSuccess: () => toast.success('Invitation withdrawn: its link no longer works'),
            onError: (error) => toast.error(errorMessage(error, 'Could not withdraw the invitation. Please try again.')),
          })
        }
      >
        Withdraw
      </Button>
    </li>
  );
}
