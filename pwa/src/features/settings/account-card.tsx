import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from '../../components/form-message';
import { statusLabel } from '../../components/panel-format';
import { type PanelUser, useLogout } from '../../components/panel-session';
import { errorMessage } from '../../lib/api';

/** The signed-in account: who it is, and a way to end every one of its sessions. */
export function AccountCard({ user }: { user: PanelUser | null }) {
  return (
    <div className="panel-card">
      <h2>Your account</h2>
      {user ? (
        <dl className="panel-dl">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd data-testid="account-email">{user.email}</dd>
          <dt>Role</dt>
          <dd>{statusLabel(user.role)}</dd>
        </dl>
      ) : (
        <p className="panel-muted">Loading ...</p>
      )}
      <LogOutEverywhere />
    </div>
  );
}

/** Ends every session of this account: a lost tablet or a shared computer stops working at once. */
function LogOutEverywhere() {
  const logout = useLogout();
  const [error, setError] = useState<string | null>(null);
  const everywhere = useMutation({
    mutationFn: () => logout?.({ everywhere: true }) ?? Promise.resolve(),
    onError: (failure) => setError(errorMessage(failure, 'Could not reach the server. Please try again when online.')),
  });
  return (
    <div className="panel-form__actions">
      <p className="panel-muted">Signed in on a device you no longer have? End every session of this account, this one included.</p>
      <FormMessage kind="error" text={error} />
      <button type="button" className="button button--ghost" disabled={everywhere.isPending || !logout} onClick={() => everywhere.mutate()}>
        {everywhere.isPending ? 'Logging out ...' : 'Log out everywhere'}
      </button>
    </div>
  );
}
