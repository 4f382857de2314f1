import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CreateAccount, ResetPassword } from './account-forms';
import { Dialog } from '../../components/dialog';
import { statusLabel } from '../../components/panel-format';
import { formatCreatedOn } from '@shared/dates';
import { toast } from '../../components/toasts';
import { api, errorMessage, readEnvelope } from '../../lib/api';
import { type Account, accountsQueryOptions, settingsKeys } from '../../components/settings-queries';

/** Panel accounts (admins only): create, disable or enable, and reset a password. */
export function Accounts({ selfId }: { selfId: string }) {
  const queryClient = useQueryClient();
  const accounts = useQuery(accountsQueryOptions());
  const [resetting, setResetting] = useState<Account | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: settingsKeys.users });

  const toggle = useMutation({
    mutationFn: (account: Account) => readEnvelope(api.api.users[':id'].$put({ param: { id: account.id }, json: { disabled: !account.disabled } })),
    onSuccess: (result) => toast.success(result.message || 'Account updated'),
    onError: (failure) => toast.error(errorMessage(failure, 'Failed to update account')),
    onSettled: reload,
  });

  return (
    <div className="panel-card">
      <h2>Panel accounts</h2>
      <CreateAccount onCreated={() => void reload()} />
      {accounts.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(accounts.error, 'Failed to load accounts')}
        </p>
      ) : null}
      <div className="panel-table-wrap" style={{ marginTop: '1rem' }}>
        <table className="panel-table">
          <caption className="visually-hidden">Panel accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Last login</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {accounts.isPending ? (
              <tr>
                <td colSpan={6} className="panel-table__empty">
                  Loading ...
                </td>
              </tr>
            ) : (
              (accounts.data ?? []).map((account) => (
                <tr key={account.id}>
                  <td>{account.name}</td>
                  <td>{account.email}</td>
                  <td>{statusLabel(account.role)}</td>
                  <td>
                    <span className="panel-status">{account.disabled ? 'Disabled' : 'Active'}</span>
                  </td>
                  <td>{formatCreatedOn(account.lastLoginAt)}</td>
                  <td>
                    <div className="panel-row-actions">
                      {account.id !== selfId ? (
                        <button type="button" className="button button--ghost button--small" onClick={() => toggle.mutate(account)}>
                          {account.disabled ? 'Enable' : 'Disable'}
                          <span className="visually-hidden"> {account.email}</span>
                        </button>
                      ) : null}
                      <button type="button" className="button button--ghost button--small" onClick={() => setResetting(account)}>
                        Reset password<span className="visually-hidden"> for {account.email}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {resetting ? (
        <Dialog placement="sheet" title="Reset password" width={500} onClose={() => setResetting(null)}>
          <ResetPassword account={resetting} onDone={() => setResetting(null)} />
        </Dialog>
      ) : null}
    </div>
  );
}
