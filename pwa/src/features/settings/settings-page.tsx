import { usePanelUser } from '../../components/panel-session';
import { AccountCard } from './account-card';
import { Accounts } from './accounts-card';
import { ChangePasswordForm } from './change-password-form';
import { LoginLocks } from './login-locks';
import { PaidMessagesCard } from './paid-messages-card';
import { SiteSettingsCard } from './public-site-card';

/**
 * Settings: the signed-in account; for admins the site's contacts and featured event, and staff accounts.
 * Each section is its own file in this folder; a new section is a new file named here.
 */
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
        <AccountCard user={user} />
        <ChangePasswordForm />
        {user?.role === 'admin' ? <SiteSettingsCard /> : null}
        {user?.role === 'admin' ? <PaidMessagesCard /> : null}
      </div>
      {user?.role === 'admin' ? <Accounts selfId={user.id} /> : null}
      {user?.role === 'admin' ? <LoginLocks /> : null}
    </section>
  );
}
