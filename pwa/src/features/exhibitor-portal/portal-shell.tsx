import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { ConfirmHost, confirmAction } from '../../components/confirm-host';
import { Toasts } from '../../components/toasts';
import { portalToken } from '../../lib/portal-token';
import { deviceRevokedAt, startAsNewDevice, subscribeRevocation } from '../../offline/device-revocation';
import { leadSync } from './lead-sync';
import { bookingQuery, meQuery, portalKeys, signOut } from './portal-queries';
import { PORTAL_SECTIONS } from './portal-nav';
import './portal.css';

/**
 * Every signed-in screen of the exhibitor portal: who and which booking at the top, the sections
 * (portal-nav.ts) as tabs a thumb reaches, sign-out. A token forgotten (signed out here or in another tab, a
 * person removed by the owner: 401) sends the phone to the sign-in screen (routes/exhibitor/route.tsx).
 */
export function PortalShell({ children }: { children: ReactNode }) {
  const revoked = useSyncExternalStore(subscribeRevocation, () => deviceRevokedAt() !== null);
  // The phone signs in as a device at once (its one record, decision 088): the team list shows it, and its owner can revoke it.
  useEffect(() => void leadSync(), []);
  if (revoked) return <RevokedPhone />;
  return <SignedInShell>{children}</SignedInShell>;
}

/**
 * What a revoked phone shows instead of the portal (decision 088): what happened, and how to start again. Its
 * waiting lead operations were wiped with the door's wipe (offline/device-revocation.ts); the leads the
 * screens had read are dropped from memory here.
 */
function RevokedPhone() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  useEffect(() => queryClient.removeQueries({ queryKey: portalKeys.all }), [queryClient]);
  return (
    <div className="panel-page portal">
      <main className="portal__main">
        <section className="portal-card" aria-labelledby="portal-revoked-title" data-testid="phone-revoked">
          <h1 id="portal-revoked-title">This phone was revoked</h1>
          <p>
            Your team’s owner or the organiser revoked this phone (lost, or in the wrong hands). It is signed out, and the scans and notes that were still
            waiting on it have been wiped. Leads it sent before stay with your team.
          </p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void startAsNewDevice().then(() => {
                portalToken.clear();
                window.location.assign('/exhibitor/sign-in');
              });
            }}
          >
            Sign in as a new phone
          </button>
        </section>
      </main>
    </div>
  );
}

function SignedInShell({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery());
  const booking = useQuery(bookingQuery());
  const sections = PORTAL_SECTIONS.filter((section) => !section.ownerOnly || me.data?.role === 'owner');

  const onSignOut = async () => {
    const yes = await confirmAction({ title: 'Sign out?', text: 'You sign in again with a code sent to your mobile.', confirmLabel: 'Sign out' });
    if (yes) await signOut();
  };

  return (
    <div className="panel-page portal">
      <header className="portal__top">
        <div className="portal__who">
          <strong className="portal__company">{booking.data?.company ?? 'Exhibitor portal'}</strong>
          <span className="portal__event">{booking.data?.event?.name ?? ''}</span>
        </div>
        <button type="button" className="button button--ghost portal__sign-out" onClick={() => void onSignOut()}>
          Sign out
        </button>
      </header>
      <nav className="portal__nav" aria-label="Exhibitor portal">
        {sections.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            className="portal__tab"
            activeOptions={{ exact: section.to === '/exhibitor' }}
            activeProps={{ 'aria-current': 'page' }}
          >
            {section.label}
          </Link>
        ))}
      </nav>
      <main className="portal__main">{children}</main>
      <Toasts place="panel" />
      <ConfirmHost />
    </div>
  );
}
