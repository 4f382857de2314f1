import type { ThrottleEntry } from '../../../../edge/auth/login-throttle';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { PASSWORD_RULE, USER_ROLE_CHOICES } from '../../../../edge/schemas/users';
import { panelRequest } from '../../components/panel-api';
import { PanelDrawer } from '../../components/panel-drawer';
import { useEventChoices } from '../../components/panel-event-select';
import { formatCreatedOn, statusLabel } from '../../components/panel-format';
import { useLogout, usePanelUser } from '../../components/panel-session';
import { toast } from '../../components/panel-toast';
import { errorMessage } from '../../lib/api-error';
import { FormMessage } from '../../components/form-message';
import { ChangePasswordForm } from './change-password-form';

interface Account {
  id: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

interface SiteSettings {
  contactPhone: string;
  contactEmail: string;
  featuredEventId: string | null;
  founderVideoUrl: string;
}

/** A login count as `GET /api/auth/locks` answers it. */
type LoginLock = ThrottleEntry;

const USERS_KEY = ['panel', 'users'] as const;
const LOCKS_KEY = ['panel', 'login-locks'] as const;
const SETTINGS_KEY = ['panel', 'settings'] as const;

/** Settings: the signed-in account; for admins the site's contacts and featured event, and staff accounts. */
export function SettingsPage() {
  const user = usePanelUser();
  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>Settings</h1>
          <p className="panel-muted">Your account{user?.role === 'admin' ? ', the public site and panel accounts' : ''}</p>
        </div>
      </header>
      <div className="panel-settings">
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
        <ChangePasswordForm />
        {user?.role === 'admin' ? <SiteSettingsCard /> : null}
      </div>
      {user?.role === 'admin' ? <Accounts selfId={user.id} /> : null}
      {user?.role === 'admin' ? <LoginLocks /> : null}
    </section>
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

/**
 * Login locks (docs/decisions/004): counts of failed logins whose window still runs, locked ones first.
 * Clearing one lets that address (or device) try again at once.
 */
function LoginLocks() {
  const queryClient = useQueryClient();
  const locks = useQuery({
    queryKey: LOCKS_KEY,
    queryFn: async () => (await panelRequest<{ items: LoginLock[] }>('/auth/locks')).data.items,
  });
  const clear = useMutation({
    mutationFn: (lock: LoginLock) => panelRequest(`/auth/locks/${encodeURIComponent(lock.key)}`, { method: 'DELETE' }),
    onSuccess: (result) => toast.success(result.message || 'Lock cleared'),
    onError: (failure) => toast.error(errorMessage(failure, 'Failed to clear the lock')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LOCKS_KEY }),
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
                  <td>{new Date(lock.windowEndsAt).toLocaleTimeString()}</td>
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

function SiteSettingsCard() {
  const queryClient = useQueryClient();
  const ids = { phone: useId(), email: useId(), featured: useId(), video: useId(), videoHint: useId() };
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: async () => (await panelRequest<SiteSettings>('/settings')).data });
  const events = useEventChoices();
  const [values, setValues] = useState({ contactPhone: '', contactEmail: '', featuredEventId: '', founderVideoUrl: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) {
      setValues({
        contactPhone: settings.data.contactPhone,
        contactEmail: settings.data.contactEmail,
        featuredEventId: settings.data.featuredEventId ?? '',
        founderVideoUrl: settings.data.founderVideoUrl ?? '',
      });
    }
  }, [settings.data]);

  const save = useMutation({
    mutationFn: () =>
      panelRequest<SiteSettings>('/settings', {
        method: 'PUT',
        json: {
          contactPhone: values.contactPhone.trim(),
          contactEmail: values.contactEmail.trim(),
          founderVideoUrl: values.founderVideoUrl.trim(),
          ...(values.featuredEventId ? { featuredEventId: values.featuredEventId } : {}),
        },
      }),
    onSuccess(result) {
      setError(null);
      toast.success(result.message || 'Settings saved');
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['panel', 'events'] });
    },
    onError(failure) {
      setError(errorMessage(failure, 'Failed to save settings'));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form className="panel-card panel-form" onSubmit={onSubmit} noValidate aria-labelledby="site-settings">
      <h2 id="site-settings">Public site</h2>
      {settings.isError ? (
        <p className="panel-banner" role="alert">
          {errorMessage(settings.error, 'Failed to load settings')}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={ids.phone}>Contact phone</label>
        <input id={ids.phone} type="tel" value={values.contactPhone} placeholder="+91 98765 43210" onChange={(e) => setValues({ ...values, contactPhone: e.currentTarget.value })} />
      </div>
      <div className="field">
        <label htmlFor={ids.email}>Contact e-mail</label>
        <input id={ids.email} type="email" value={values.contactEmail} onChange={(e) => setValues({ ...values, contactEmail: e.currentTarget.value })} />
      </div>
      <div className="field">
        <label htmlFor={ids.featured}>Featured event</label>
        <select id={ids.featured} value={values.featuredEventId} onChange={(e) => setValues({ ...values, featuredEventId: e.currentTarget.value })}>
          <option value="">{events.isError ? 'Failed to load events' : 'Select an event'}</option>
          {(events.data ?? []).map((event) => (
            <option key={event.id} value={event.id}>
              {event.eventName}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.video}>Founder video</label>
        <input
          id={ids.video}
          type="text"
          inputMode="url"
          value={values.founderVideoUrl}
          placeholder="/media/founder.mp4"
          aria-describedby={ids.videoHint}
          onChange={(e) => setValues({ ...values, founderVideoUrl: e.currentTarget.value })}
        />
        <small id={ids.videoHint} className="panel-muted">
          A video file on this site (.mp4 or .webm). Leave empty until there is one: the home page then says the video is coming.
        </small>
      </div>
      <FormMessage kind="error" text={error} />
      <div className="panel-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending || settings.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

function Accounts({ selfId }: { selfId: string }) {
  const queryClient = useQueryClient();
  const accounts = useQuery({
    queryKey: USERS_KEY,
    queryFn: async () => (await panelRequest<{ items: Account[] }>('/users')).data.items,
  });
  const [resetting, setResetting] = useState<Account | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: USERS_KEY });

  const toggle = useMutation({
    mutationFn: (account: Account) => panelRequest(`/users/${account.id}`, { method: 'PUT', json: { disabled: !account.disabled } }),
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
      <PanelDrawer open={resetting !== null} title="Reset password" width={500} onClose={() => setResetting(null)}>
        {resetting ? <ResetPassword account={resetting} onDone={() => setResetting(null)} /> : null}
      </PanelDrawer>
    </div>
  );
}

function CreateAccount({ onCreated }: { onCreated: () => void }) {
  const ids = { name: useId(), email: useId(), role: useId(), password: useId() };
  const empty = { name: '', email: '', role: 'staff', password: '' };
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => panelRequest('/users', { method: 'POST', json: { ...values, name: values.name.trim(), email: values.email.trim() } }),
    onSuccess(result) {
      toast.success(result.message || 'Account created');
      setValues(empty);
      setError(null);
      onCreated();
    },
    onError: (failure) => setError(errorMessage(failure, 'Failed to create account')),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim() || !values.email.trim()) return setError('Please fill in all required fields');
    if (values.password.length < 10) return setError(PASSWORD_RULE);
    create.mutate();
  };
  return (
    <form className="panel-form" onSubmit={onSubmit} noValidate aria-label="Create an account">
      <div className="panel-form__grid">
        <div className="field">
          <label htmlFor={ids.name}>Name</label>
          <input id={ids.name} value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={ids.email}>Email</label>
          <input id={ids.email} type="email" value={values.email} onChange={(e) => setValues({ ...values, email: e.currentTarget.value })} />
        </div>
        <div className="field">
          <label htmlFor={ids.role}>Role</label>
          <select id={ids.role} value={values.role} onChange={(e) => setValues({ ...values, role: e.currentTarget.value })}>
            {USER_ROLE_CHOICES.map((role) => (
              <option key={role} value={role}>
                {statusLabel(role)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.password}>Password</label>
          <input id={ids.password} type="password" autoComplete="new-password" value={values.password} onChange={(e) => setValues({ ...values, password: e.currentTarget.value })} />
        </div>
      </div>
      <FormMessage kind="error" text={error} />
      <div className="panel-form__actions">
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating ...' : 'Create account'}
        </button>
      </div>
    </form>
  );
}

function ResetPassword({ account, onDone }: { account: Account; onDone: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => panelRequest(`/users/${account.id}`, { method: 'PUT', json: { password } }),
    onSuccess(result) {
      toast.success(result.message || 'Password reset');
      onDone();
    },
    onError: (failure) => setError(errorMessage(failure, 'Failed to reset password')),
  });
  return (
    <form
      className="panel-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (password.length < 10) return setError(PASSWORD_RULE);
        reset.mutate();
      }}
    >
      <p className="panel-muted">New password for {account.email}</p>
      <div className="field">
        <label htmlFor={id}>New password</label>
        <input id={id} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
      </div>
      <FormMessage kind="error" text={error} />
      <div className="panel-form__actions">
        <button type="submit" className="button button--primary" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Reset password'}
        </button>
      </div>
    </form>
  );
}
