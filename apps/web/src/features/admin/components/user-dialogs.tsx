import { formatDate } from '@farmstand/shared';
import type { AdminUser } from '@farmstand/shared/schemas/admin';
import { ACCOUNT_TYPES, type AccountType, type UserType } from '@farmstand/shared/schemas/auth';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { accessAfterGrant, accessEndsAt, useAdminSubscription, useGrantSubscription, useUserType } from '../api';

const TYPE_LABELS: Record<UserType, string> = {
  consumer: 'Consumer',
  producer: 'Producer',
  admin: 'Admin',
  stand_helper: 'Stand helper',
};
export const userTypeLabel = (type: UserType) => TYPE_LABELS[type];

/** Spec 02 §5: days (0 means forever, default 30) and plan (monthly or annual). */
export function GrantSubscriptionDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const grant = useGrantSubscription();
  const [days, setDays] = useState('30');
  const [planType, setPlanType] = useState<'monthly' | 'annual'>('monthly');
  const dayCount = Number(days);
  const invalid = days.trim() === '' || !Number.isInteger(dayCount) || dayCount < 0 || dayCount > 3650;
  const submit = () =>
    grant.mutate(
      { userId: user.id, days: dayCount, planType },
      // The hook confirms with a toast.
      { onSuccess: onClose },
    );
  return (
    <Modal title={`Grant subscription to ${user.farm_name ?? user.email}`} onClose={onClose}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) submit();
        }}
      >
        <CurrentAccess userId={user.id} days={invalid ? null : dayCount} />
        <TextInput
          label="Days"
          type="number"
          min={0}
          max={3650}
          step={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          hint="0 means the subscription never ends."
          error={invalid ? 'Enter a whole number of days from 0 to 3650' : undefined}
        />
        <SelectInput label="Plan" value={planType} onChange={(event) => setPlanType(event.target.value as 'monthly' | 'annual')}>
          <option value="monthly">Monthly</option>
          <option value="annual">Annual</option>
        </SelectInput>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={grant.isPending} disabled={invalid}>
            Grant subscription
          </Button>
        </div>
      </form>
    </Modal>
  );
}

const until = (end: Date | 'never') => (end === 'never' ? 'with no end date' : `until ${formatDate(end)}`);

/** What the producer has now and where the grant leaves them: a grant never shortens access. */
function CurrentAccess({ userId, days }: { userId: number; days: number | null }) {
  const query = useAdminSubscription(userId);
  if (query.isPending) return <p className="text-sm text-stone-600 dark:text-stone-300">Loading the current subscription…</p>;
  if (query.isError) return <p className="text-sm text-red-700 dark:text-red-400">Could not load the current subscription.</p>;
  const sub = query.data;
  const end = accessEndsAt(sub);
  const now =
    end === null
      ? 'No trial or subscription now.'
      : `${sub.status === 'trialing' ? 'Free trial' : sub.granted ? 'Granted subscription' : 'Paid subscription'} ${until(end)}.`;
  return (
    <div className="rounded-lg bg-stone-100 p-3 text-sm dark:bg-stone-800" aria-live="polite">
      <p>Currently: {now}</p>
      {days !== null && <p className="mt-1">After this grant: access {until(accessAfterGrant(sub, days))}.</p>}
    </div>
  );
}

/** An admin may change a user to any type other than the current one (spec 02 §4). */
export function ChangeTypeDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const change = useUserType();
  const choices = ACCOUNT_TYPES.filter((type) => type !== user.user_type);
  const [newType, setNewType] = useState<AccountType>(choices[0]);
  const submit = () => change.mutate({ id: user.id, newType, email: user.email }, { onSuccess: onClose });
  return (
    <Modal title="Change user type" onClose={onClose}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {user.email} is currently a {userTypeLabel(user.user_type).toLowerCase()}.
        </p>
        <SelectInput label="New type" value={newType} onChange={(event) => setNewType(event.target.value as AccountType)}>
          {choices.map((type) => (
            <option key={type} value={type}>
              {userTypeLabel(type)}
            </option>
          ))}
        </SelectInput>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={change.isPending}>
            Change type
          </Button>
        </div>
      </form>
    </Modal>
  );
}
