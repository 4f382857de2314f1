import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { formatCreatedOn } from '@shared/dates';
import { Toasts } from '../../components/toasts';
import { ConfirmHost } from '../../components/confirm-host';
import { StorageLossNotice } from '../../components/storage-loss-notice';
import '../../styles/panel-app.css';
import { usePanelUser, useScreenOption } from '../../components/panel-session';
import { isAdminOnlyScreen, isListScreen, MOBILE_BREAKPOINT_PX, navFor, WIDE_LIST_PX } from './nav';
import { fetchedAt } from '../../lib/panel-cache';
import { useMediaQuery, usePanelTheme } from './theme';
import { useOnline } from '../../components/use-online';
import { databaseMayExist } from '@pwa/offline/db-name';

/** Only a staff account on an organisers' screen sees it: loaded then, not with every panel visit. */
const OrganisersOnly = lazy(() => import('./organisers-only').then((module) => ({ default: module.OrganisersOnly })));

/** How often the panel asks an unreachable server whether it answers again. */
const SERVER_PROBE_MS = 5_000;

/**
 * The signed-in panel: sidebar (groups from nav.ts, 270 px open / 80 px collapsed, collapsed below
 * 768 px and closing after navigation there, collapsed on list screens below 1280 px, dark/light toggle)
 * and the top bar.
 */
export function PanelShell({ userEmail, onLogout, children }: { userEmail?: string | undefined; onLogout: () => void; children: ReactNode }) {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [open, setOpen] = useState(() => !window.matchMedia(`(max-width: ${(isListScreen(pathname) ? WIDE_LIST_PX : MOBILE_BREAKPOINT_PX) - 1}px)`).matches);
  const { theme, toggle } = usePanelTheme();
  const online = useOnline();
  const fullScreen = useScreenOption('fullScreen');
  const queryClient = useQueryClient();
  // Until the account is known, the full sidebar (the server refuses whatever a role may not do).
  const user = usePanelUser();
  const groups = navFor(!user || user.role === 'admin');
  const organisersOnly = user?.role === 'staff' && isAdminOnlyScreen(pathname);

  // Changes queued offline (lists, check-in) are sent from any panel screen when the network returns. A
  // device without the app's database has none queued: the sync code then loads only when a screen queues
  // one (the lists' offline queue, the door), not with every panel screen.
  useEffect(() => {
    void databaseMayExist().then(async (exists) => {
      if (!exists) return;
      const { startOutboxSync, syncNow } = await import('../../offline/checkin-sync');
      startOutboxSync();
      if (deviceHasNetwork()) void syncNow(false);
    });
  }, []);

  // The device has a network but the server does not answer (Wi-Fi without a way out): ask it every few
  // seconds. Its first answer ends the offline state; the query client and the door's sync then do what a
  // reconnect does (query-client.ts, offline/checkin-sync.ts).
  useEffect(() => {
    if (online) return;
    const probe = setInterval(() => {
      if (deviceHasNetwork()) void api.api.health.$get().catch(() => undefined);
    }, SERVER_PROBE_MS);
    return () => clearInterval(probe);
  }, [online]);

  // Going to a screen closes the sidebar on a phone, and on a list below 1280 px (the list needs the room).
  useEffect(() => {
    if (mobile || (isListScreen(pathname) && window.matchMedia(`(max-width: ${WIDE_LIST_PX - 1}px)`).matches)) setOpen(false);
  }, [mobile, pathname]);

  return (
    <div className="panel-app" data-theme={theme} data-sidebar={open ? 'open' : 'collapsed'} data-fullscreen={fullScreen ? 'yes' : undefined}>
      <a className="panel-skip" href="#panel-main">
        Skip to content
      </a>
      <aside className="panel-sidebar" aria-label="Sidebar" data-testid="sidebar">
        <div className="panel-sidebar__brand">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span className="panel-sidebar__label">EventPro</span>
        </div>
        <nav className="panel-sidebar__nav" aria-label="Admin panel">
          {groups.map((group) => (
            <div key={group.title} className="panel-nav-group">
              <p className="panel-nav-group__title">{group.title}</p>
              <ul>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className="panel-nav-link"
                      activeOptions={{ exact: true }}
                      activeProps={{ className: 'panel-nav-link--active', 'aria-current': 'page' }}
                      title={open ? undefined : item.label}
                    >
                      <span className="panel-nav-link__icon" aria-hidden="true">
                        {item.icon}
                      </span>
                      <span className="panel-sidebar__label">{item.label}</span>
                      {item.badge ? <span className="panel-badge panel-badge--new">{item.badge}</span> : null}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <button type="button" className="panel-theme-toggle" onClick={toggle} aria-pressed={theme === 'light'} title="Light mode">
          <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span>
          <span className="panel-sidebar__label">{theme === 'dark' ? 'Dark mode' : 'Light mode'}</span>
          <span className="visually-hidden"> (switch theme)</span>
        </button>
      </aside>
      {mobile && open ? <div className="panel-sidebar-backdrop" onClick={() => setOpen(false)} aria-hidden="true" /> : null}
      <div className="panel-main">
        <header className="panel-topbar">
          <button type="button" className="panel-icon-button" aria-label="Toggle sidebar" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            ☰
          </button>
          <p className="panel-topbar__title">Admin Dashboard</p>
          <span className="panel-topbar__user">{userEmail}</span>
          <button type="button" className="button button--ghost" onClick={onLogout}>
            Logout
          </button>
        </header>
        {online ? null : (
          <p className="panel-offline" role="status" data-testid="offline-banner">
            Offline — showing data from {formatCreatedOn(fetchedAt(queryClient) ?? Date.now())}
          </p>
        )}
        <main id="panel-main" className="panel-content" tabIndex={-1}>
          {/* The door screen shows it under its search and sync bar, which stay at the top. */}
          {pathname === '/panel/checkin' ? null : <StorageLossNotice />}
          {organisersOnly ? (
            <Suspense fallback={null}>
              <OrganisersOnly />
            </Suspense>
          ) : (
            children
          )}
        </main>
      </div>
      <Toasts place="panel" />
      <ConfirmHost />
    </div>
  );
}
/** Teams, coordination and volunteers: what these screens will hold, rather than a blank page. */
export function ComingSoon({ title, text, plans }: { title: string; text: string; plans: string[] }) {
  return (
    <section className="panel-screen">
      <header className="panel-screen__header">
        <div>
          <h1>{title}</h1>
          <p className="panel-muted">{text}</p>
        </div>
      </header>
      <div className="panel-card">
        <h2>Coming next</h2>
        <ul className="panel-list">
          {plans.map((plan) => (
            <li key={plan}>{plan}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
