import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ConfirmHost, confirmAction } from '../../components/confirm-host';
import { Toasts } from '../../components/toasts';
import { bookingQuery, meQuery, signOut } from './portal-queries';
import { PORTAL_SECTIONS } from './portal-nav';
import './portal.css';

/**
 * Every signed-in screen of the exhibitor portal: who and which booking at the top, the sections
 * (portal-nav.ts) as tabs a thumb reaches, sign-out. A token forgotten (signed out here or in another tab, a
 * person removed by the owner: 401) sends the phone to the sign-in screen (routes/exhibitor/route.tsx).
 */
export function PortalShell({ children }: { children: ReactNode }) {
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
