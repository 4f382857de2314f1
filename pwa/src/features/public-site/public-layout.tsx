import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Toasts } from '../../components/toasts';
import type { SavedPass } from '../../offline/db';
import { outboxMayHaveEntries, subscribeOutbox } from '../../offline/public-outbox-signal';
import type { RegistrationType } from './registration/registration-types';
import { OUTBOX_REPORT_MESSAGE } from './registration/outbox-report';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useEvent } from './site-data';
import './public-site.css';

// Everything below loads on demand: none of it is needed for the first paint of a public page.
const RegistrationPopup = lazy(() => import('./registration/registration-popup'));
const PassDialog = lazy(() => import('./registration/pass-dialog'));
const WaitingList = lazy(() => import('./registration/waiting-list'));

interface PopupState {
  type: RegistrationType;
  subscription?: string;
}

interface PublicActions {
  openPopup(type: RegistrationType, subscription?: string): void;
}

const ActionsContext = createContext<PublicActions>({ openPopup: () => undefined });

/** Opens the registration popup from any public page. */
export function usePublicActions(): PublicActions {
  return useContext(ActionsContext);
}

/** While a submission waits and the device is online, this page tries again this often. */
const RETRY_WHILE_WAITING_MS = 15_000;

/**
 * Sends waiting submissions at app start, whenever the network returns and, while any wait, every
 * 15 seconds (a slow server, not only a lost network); tells the person about each one this page sent, and
 * about each one the service worker sent for it, and shows the pass that arrived.
 */
function useOutboxSync(eventName: string, waiting: boolean, onPass: (pass: SavedPass) => void) {
  useEffect(() => {
    const flush = () => {
      if (!navigator.onLine || !outboxMayHaveEntries()) return;
      void import('./registration/outbox-sync').then((module) => module.flushAndReport(eventName, onPass));
    };
    flush();
    window.addEventListener('online', flush);
    const timer = waiting ? window.setInterval(flush, RETRY_WHILE_WAITING_MS) : undefined;
    const fromWorker = (event: MessageEvent) => {
      const data = event.data as { type?: string; reports?: unknown } | undefined;
      if (data?.type !== OUTBOX_REPORT_MESSAGE || !Array.isArray(data.reports)) return;
      const reports = data.reports;
      void import('./registration/outbox-sync').then((module) => module.tellPerson(reports, onPass));
    };
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [eventName, waiting, onPass]);
}

export function PublicLayout({ children, className }: { children: ReactNode; className?: string }) {
  const [popup, setPopup] = useState<PopupState | null>(null);
  const [pass, setPass] = useState<SavedPass | null>(null);
  const event = useEvent();
  const waiting = useSyncExternalStore(subscribeOutbox, outboxMayHaveEntries, () => false);
  useOutboxSync(event.eventName, waiting, setPass);

  const openPopup = useCallback((type: RegistrationType, subscription?: string) => setPopup({ type, subscription }), []);
  const actions = useMemo(() => ({ openPopup }), [openPopup]);

  return (
    <ActionsContext.Provider value={actions}>
      <div className={className ? `site ${className}` : 'site'}>
        <SiteHeader onChoose={openPopup} />
        {children}
        {waiting ? (
          <Suspense fallback={null}>
            <WaitingList />
          </Suspense>
        ) : null}
        <SiteFooter />
      </div>
      <Toasts />
      <Suspense fallback={null}>
        {popup ? (
          // `key`: closing resets the type and the fields.
          <RegistrationPopup
            key={popup.type + (popup.subscription ?? '')}
            type={popup.type}
            subscription={popup.subscription}
            eventName={event.eventName}
            onClose={() => setPopup(null)}
            onPass={setPass}
          />
        ) : null}
        {pass ? <PassDialog pass={pass} onClose={() => setPass(null)} /> : null}
      </Suspense>
    </ActionsContext.Provider>
  );
}
