import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Toasts } from '../../components/toasts';
import type { SavedPass } from '../../offline/db';
import { outboxMayHaveEntries, subscribeOutbox } from '../../offline/public-outbox-signal';
import type { RegistrationType } from './registration/registration-types';
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

/** Sends waiting submissions at app start and whenever the network returns. */
function useOutboxSync(eventName: string) {
  useEffect(() => {
    const flush = () => {
      if (!navigator.onLine || !outboxMayHaveEntries()) return;
      void import('./registration/outbox-sync').then((module) => module.flushAndReport(eventName));
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [eventName]);
}

export function PublicLayout({ children, className }: { children: ReactNode; className?: string }) {
  const [popup, setPopup] = useState<PopupState | null>(null);
  const [pass, setPass] = useState<SavedPass | null>(null);
  const event = useEvent();
  const waiting = useSyncExternalStore(subscribeOutbox, outboxMayHaveEntries, () => false);
  useOutboxSync(event.eventName);

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
          // `key`: closing resets the type and the fields (seed 000 §2).
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
