import type { AdminUser, UserStatusAction } from '@farmstand/shared/schemas/admin';
import { useState } from 'react';
import { AdminLink, Pager, useLoadErrorToast } from '@/components/ui/admin-ui';
import { Button } from '@/components/ui/button';
import { Badge, Card, EmptyState, Spinner } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { TextInput } from '@/components/ui/field';
import { UserIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { useAuth } from '@/shared/auth-context';
import { useAdminUsers, useUserStatus } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { useAdminDates } from '../use-admin-dates';
import { ChangeTypeDialog, GrantSubscriptionDialog, userTypeLabel } from './user-dialogs';

type Open = { kind: 'grant' | 'type'; user: AdminUser } | { kind: 'status'; user: AdminUser; action: UserStatusAction };

const CONFIRM: Record<UserStatusAction, { title: string; message: (email: string) => string; label: string }> = {
  suspend: {
    title: 'Suspend user',
    message: (email) => `${email} will be signed out and unable to sign in until reactivated.`,
    label: 'Suspend',
  },
  delete: {
    title: 'Delete user',
    message: (email) => `Delete ${email}? The account is closed and disappears from this list.`,
    label: 'Delete',
  },
  activate: { title: 'Reactivate user', message: (email) => `${email} will be able to sign in again.`, label: 'Activate' },
};

function TypeBadge({ user }: { user: AdminUser }) {
  return (
    <Badge tone={user.user_type === 'admin' ? 'blue' : user.user_type === 'producer' ? 'green' : 'gray'}>
      {userTypeLabel(user.user_type)}
    </Badge>
  );
}

function VerifiedBadge({ user }: { user: AdminUser }) {
  return user.email_verified ? <Badge tone="green">Verified</Badge> : <Badge tone="yellow">Unverified</Badge>;
}

/** The row's actions; one line in the table, wrapping inside a phone card. Admins never act on themselves. */
function UserActions({
  user,
  isMe,
  onOpen,
  wrap = false,
}: {
  user: AdminUser;
  isMe: boolean;
  onOpen: (open: Open) => void;
  wrap?: boolean;
}) {
  return (
    <div className={`flex gap-2 ${wrap ? 'flex-wrap' : 'flex-nowrap'}`}>
      {user.user_type === 'producer' && (
        <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'grant', user })}>
          Grant Sub
        </Button>
      )}
      {!isMe && (
        <>
          <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'type', user })}>
            Change Type
          </Button>
          {user.status === 'suspended' ? (
            <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'status', user, action: 'activate' })}>
              Activate
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'status', user, action: 'suspend' })}>
              Suspend
            </Button>
          )}
          <Button size="sm" variant="danger" onClick={() => onOpen({ kind: 'status', user, action: 'delete' })}>
            Delete
          </Button>
        </>
      )}
    </div>
  );
}

export function UsersTab() {
  const { date } = useAdminDates();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useAdminUsers(search.trim(), page);
  const status = useUserStatus();
  const [open, setOpen] = useState<Open | null>(null);
  useLoadErrorToast(query, ADMIN_TEXTS.loadUsers);

  const runStatus = (user: AdminUser, action: UserStatusAction) =>
    status.mutate(
      { id: user.id, action },
      // The hook confirms with a toast.
      { onSuccess: () => setOpen(null) },
    );

  return (
    <div>
      <div className="mb-4 max-w-sm">
        <TextInput
          label="Search users"
          type="search"
          placeholder="E-mail or farm name"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <LoadError text={ADMIN_TEXTS.loadUsers} onRetry={() => query.refetch()} />
      ) : query.data.users.length === 0 ? (
        <EmptyState title="No users found" icon={UserIcon} />
      ) : (
        <>
          {/* Desktop: a table whose action buttons stay on one line. Below 1280 px (the four buttons need the width): one card per user, no sideways scroll. */}
          <div className="hidden xl:block">
            <Card>
              <DataTable
                caption="Users"
                rows={query.data.users}
                rowKey={(user) => user.id}
                columns={[
                  {
                    header: 'Email',
                    className: 'break-all font-medium',
                    cell: (user) => (
                      <>
                        {user.email}
                        {user.status === 'suspended' && (
                          <Badge tone="red" className="ml-2">
                            Suspended
                          </Badge>
                        )}
                      </>
                    ),
                  },
                  {
                    header: 'Farm name',
                    cell: (user) => (user.farm_name ? <AdminLink to={`/producer/${user.id}`}>{user.farm_name}</AdminLink> : '—'),
                  },
                  { header: 'Type', cell: (user) => <TypeBadge user={user} /> },
                  { header: 'Verified', cell: (user) => <VerifiedBadge user={user} /> },
                  { header: 'Joined', className: 'whitespace-nowrap', cell: (user) => date(user.created_at) },
                  {
                    header: 'Actions',
                    className: 'w-px whitespace-nowrap',
                    cell: (user) => <UserActions user={user} isMe={user.id === me?.id} onOpen={setOpen} />,
                  },
                ]}
              />
            </Card>
          </div>
          <ul className="space-y-3 xl:hidden" aria-label="Users">
            {query.data.users.map((user) => (
              <li key={user.id}>
                <Card className="p-4">
                  <p className="break-all font-medium">{user.email}</p>
                  {user.farm_name && (
                    <p className="text-sm text-stone-600 dark:text-stone-300">
                      <AdminLink to={`/producer/${user.id}`}>{user.farm_name}</AdminLink>
                    </p>
                  )}
                  <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                    <TypeBadge user={user} />
                    <VerifiedBadge user={user} />
                    {user.status === 'suspended' && <Badge tone="red">Suspended</Badge>}
                    <span className="text-stone-600 dark:text-stone-300">Joined {date(user.created_at)}</span>
                  </div>
                  <div className="mt-3">
                    <UserActions user={user} isMe={user.id === me?.id} onOpen={setOpen} wrap />
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <Pager {...query.data.pagination} onPage={setPage} />
        </>
      )}
      {open?.kind === 'grant' && <GrantSubscriptionDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === 'type' && <ChangeTypeDialog user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === 'status' && (
        <ConfirmDialog
          title={CONFIRM[open.action].title}
          message={CONFIRM[open.action].message(open.user.email)}
          confirmLabel={CONFIRM[open.action].label}
          isBusy={status.isPending}
          onConfirm={() => runStatus(open.user, open.action)}
          onCancel={() => setOpen(null)}
        />
      )}
    </div>
  );
}
