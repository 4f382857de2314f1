import { useQuery } from '@tanstack/react-query';
import { NotKeptOffline } from '../../components/not-kept-offline';
import { usePanelUser } from '../../components/panel-session';
import { siteSettingsQueryOptions } from '../../components/settings-queries';
import { AccountCard } from './account-card';
import { Accounts } from './accounts-card';
import { ChangePasswordForm } from './change-password-form';
import { LoginLocks } from './login-locks';
import { PaidMessagesCard } from './paid-messages-card';
import { RegistrationQuestionsCard } from './registration-questions-card';
import { SiteSettingsCard } from './public-site-card';

/**
 * Settings: the signed-in account; for admins the site's contacts and featured event, and staff accounts.
 * Each section is its own file in this folder; a new section is a new file named here.
 */
export function SettingsPage() {
  const user = usePanelUser();
  const admin = user?.role === 'admin';
  // The screen's copy is its site settings (an admin's; the cards below read the same query) or the account.
  const settings = useQuery({ ...siteSettingsQueryOptions(), enabled: admin });
  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>Settings</h1>
          <p className="panel-muted">Your account{admin ? ', the public site and panel accounts' : ''}</p>
        </div>
      </header>
      <NotKeptOffline kept={admin ? settings.data !== undefined : user !== undefined && user !== null} />
      <div className="panel-settings">
        <AccountCard user={user} />
        <ChangePasswordForm />
        {admin ? <SiteSettingsCard /> : null}
        {admin ? <PaidMessagesCard /> : null}
        {admin ? <RegistrationQuestionsCard /> : null}
      </div>
      {admin ? <Accounts selfId={user.id} /> : null}
      {admin ? <LoginLocks /> : null}
    </section>
  );
}
