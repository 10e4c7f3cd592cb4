import { formatDate } from '@farmstand/shared';
import type { AdminUser, UserStatusAction } from '@farmstand/shared/schemas/admin';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Badge, EmptyState, Spinner } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextInput } from '../../../components/ui/field';
import { useAuth } from '../../auth/auth-context';
import { useAdminUsers, useUserStatus } from '../api';
import { ADMIN_TEXTS } from '../texts';
import { LoadFailed, Pager, TableCard, tdClasses, thClasses, useLoadErrorToast } from './admin-ui';
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

export function UsersTab() {
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
      {
        onSuccess: (data) => {
          toast.success(data.message);
          setOpen(null);
        },
        onError: () => toast.error(ADMIN_TEXTS.userActionFailed(action)),
      },
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
        <LoadFailed text={ADMIN_TEXTS.loadUsers} onRetry={() => query.refetch()} />
      ) : query.data.users.length === 0 ? (
        <EmptyState title="No users found" icon="👤" />
      ) : (
        <>
          <TableCard caption="Users">
            <thead>
              <tr>
                <th className={thClasses}>Email</th>
                <th className={thClasses}>Farm name</th>
                <th className={thClasses}>Type</th>
                <th className={thClasses}>Verified</th>
                <th className={thClasses}>Joined</th>
                <th className={thClasses}>Actions</th>
              </tr>
            </thead>
            <tbody>
              {query.data.users.map((user) => {
                const isMe = user.id === me?.id;
                return (
                  <tr key={user.id}>
                    <td className={`${tdClasses} font-medium`}>
                      {user.email}
                      {user.status === 'suspended' && (
                        <Badge tone="red" className="ml-2">
                          Suspended
                        </Badge>
                      )}
                    </td>
                    <td className={tdClasses}>{user.farm_name ?? '—'}</td>
                    <td className={tdClasses}>
                      <Badge tone={user.user_type === 'admin' ? 'blue' : user.user_type === 'producer' ? 'green' : 'gray'}>
                        {userTypeLabel(user.user_type)}
                      </Badge>
                    </td>
                    <td className={tdClasses}>
                      {user.email_verified ? <Badge tone="green">Verified</Badge> : <Badge tone="yellow">Unverified</Badge>}
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>{formatDate(user.created_at)}</td>
                    <td className={tdClasses}>
                      <div className="flex gap-2">
                        {user.user_type === 'producer' && (
                          <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'grant', user })}>
                            Grant Sub
                          </Button>
                        )}
                        {!isMe && (
                          <>
                            <Button size="sm" variant="secondary" onClick={() => setOpen({ kind: 'type', user })}>
                              Change Type
                            </Button>
                            {user.status === 'suspended' ? (
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() => setOpen({ kind: 'status', user, action: 'activate' })}
                              >
                                Activate
                              </Button>
                            ) : (
                              <Button
                                size="sm"
                                variant="secondary"
                                onClick={() => setOpen({ kind: 'status', user, action: 'suspend' })}
                              >
                                Suspend
                              </Button>
                            )}
                            <Button
                              size="sm"
                              variant="danger"
                              onClick={() => setOpen({ kind: 'status', user, action: 'delete' })}
                            >
                              Delete
                            </Button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </TableCard>
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
