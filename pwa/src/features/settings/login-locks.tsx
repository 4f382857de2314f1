import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '@shared/dates';
import { toast } from '../../components/toasts';
import { api, errorMessage, readEnvelope } from '../../lib/api';
import { type LoginLock, loginLocksQueryOptions, settingsKeys } from '../../components/settings-queries';

/**
 * Login locks (docs/decisions/004): counts of failed logins whose window still runs, locked ones first.
 * Clearing one lets that address (or device) try again at once.
 */
export function LoginLocks() {
  const queryClient = useQueryClient();
  const locks = useQuery(loginLocksQueryOptions());
  const clear = useMutation({
    mutationFn: (lock: LoginLock) => readEnvelope(api.api.auth.locks[':key'].$delete({ param: { key: encodeURIComponent(lock.key) } })),
    onSuccess: (result) => toast.success(result.message || 'Lock cleared'),
    onError: (failure) => toast.error(errorMessage(failure, 'Failed to clear the lock')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.locks }),
  });
  const what = (lock: LoginLock) =>
    lock.kind === 'address'
      ? `Every account from ${lock.address}`
      : lock.kind === 'device'
        ? `${lock.account} on a remembered device`
        : `${lock.account} from ${lock.address}`;
  const items = locks.data ?? [];
  return (
    <div className="panel-card" style={{ marginTop: '1rem' }}>
      <h2>Login locks</h2>
      <p className="panel-muted">
        Failed logins are counted per account and address and per address; a device that has signed in before is never locked out by someone else.
      </p>
      {locks.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(locks.error, 'Failed to load login locks')}
        </p>
      ) : null}
      <div className="panel-table-wrap">
        <table className="panel-table">
          <caption className="visually-hidden">Login locks</caption>
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Attempts</th>
              <th scope="col">Status</th>
              <th scope="col">Until</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {locks.isPending ? (
              <tr>
                <td colSpan={5} className="panel-table__empty">
                  Loading ...
                </td>
              </tr>
            ) : items.length === 0 ? (
              <tr>
                <td colSpan={5} className="panel-table__empty">
                  No failed logins in the last 15 minutes
                </td>
              </tr>
            ) : (
              items.map((lock) => (
                <tr key={lock.key}>
                  <td>{what(lock)}</td>
                  <td>
                    {lock.attempts} / {lock.maxAttempts}
                  </td>
                  <td>
                    <span className="panel-status">{lock.locked ? 'Locked' : 'Counting'}</span>
                  </td>
                  <td>{formatTime(lock.windowEndsAt)}</td>
                  <td>
                    <button type="button" className="button button--ghost button--small" onClick={() => clear.mutate(lock)}>
                      {lock.locked ? 'Unlock' : 'Clear'}
                      <span className="visually-hidden"> {what(lock)}</span>
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
