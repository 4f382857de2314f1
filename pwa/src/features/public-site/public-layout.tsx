import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { ChunkBoundary } from '../../components/chunk-boundary';
import { toast, Toasts } from '../../components/toasts';
import { loadOnce } from '../../lib/load-once';
import type { SavedPass } from '../../offline/db';
import { outboxMayHaveEntries, outboxTouched, subscribeOutbox } from '../../offline/public-outbox-signal';
import type { PopupProps } from './registration/registration-popup';
import type { RegistrationType } from './registration/registration-types';
import { OUTBOX_REPORT_MESSAGE } from './registration/outbox-report';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { type Translate, useLocale } from './i18n/locale';
import { useEvent } from './site-data';
import './public-site.css';

// Everything below loads on demand: none of it is needed for the first paint of a public page. Each is
// inside a ChunkBoundary: a chunk that cannot load leaves its part out, never the page blank.
const loadPopup = loadOnce(() => import('./registration/registration-popup'));
const PassDialog = lazy(() => import('./registration/pass-dialog'));

/**
 * After the pass dialog closes, focus returns to what had it before; when that is gone or hidden (the
 * popup that sent the registration, a closed menu's choice), to the page's main content, so a keyboard or
 * screen reader user goes on from the page and not from its very top.
 */
function keepFocusOnPage() {
  const active = document.activeElement as HTMLElement | null;
  if (active && active !== document.body && active.getClientRects().length > 0) return;
  const main = document.getElementById('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}
const loadWaitingList = loadOnce(() => import('./registration/waiting-list'));

/** The popup could not be opened: its code did not arrive. Said as it is; the next tap tries again. */
const popupNotLoadedMessage = () =>
  deviceHasNetwork()
    ? 'The form could not be opened: the server is not answering. Please try again in a moment.'
    : 'The form could not be opened: you are offline. Please try again when you are back online.';

interface PopupState {
  type: RegistrationType;
  subscription?: string;
  Popup: ComponentType<PopupProps>;
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
function useOutboxSync(eventName: string, waiting: boolean, onPass: (pass: SavedPass) => void, words: Translate, loadFormTexts: () => Promise<void>) {
  useEffect(() => {
    const flush = () => {
      if (!deviceHasNetwork() || !outboxMayHaveEntries()) return;
      // Not loaded (still no network, or no answer): the next trigger tries again. The reports are the forms' words.
      void Promise.all([import('./registration/outbox-sync'), loadFormTexts()])
        .then(([module]) => module.flushAndReport(eventName, onPass, words))
        .catch(() => undefined);
    };
    flush();
    window.addEventListener('online', flush);
    const timer = waiting ? window.setInterval(flush, RETRY_WHILE_WAITING_MS) : undefined;
    const fromWorker = (event: MessageEvent) => {
      const data = event.data as { type?: string; reports?: unknown } | undefined;
      if (data?.type !== OUTBOX_REPORT_MESSAGE || !Array.isArray(data.reports)) return;
      const reports = data.reports;
      outboxTouched();
      void Promise.all([import('./registration/outbox-sync'), loadFormTexts()]).then(([module]) => module.tellPerson(reports, onPass, words));
    };
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [eventName, waiting, onPass, words, loadFormTexts]);
}

/**
 * The list of what waits (and what was refused), once its code is here: loaded with the forms' code (the
 * submit kit), else tried again whenever the outbox changes or the network returns, so a list whose code
 * could not load at first still shows once it can.
 */
function WaitingListWhenLoaded() {
  const [List, setList] = useState<ComponentType | null>(null);
  useEffect(() => {
    let alive = true;
    const attempt = () =>
      void loadWaitingList().then(
        (module) => alive && setList(() => module.default),
        () => undefined,
      );
    attempt();
    const unsubscribe = subscribeOutbox(attempt);
    window.addEventListener('online', attempt);
    return () => {
      alive = false;
      unsubscribe();
      window.removeEventListener('online', attempt);
    };
  }, []);
  return List ? <List /> : null;
}

export function PublicLayout({ children, className }: { children: ReactNode; className?: string }) {
  const [popup, setPopup] = useState<PopupState | null>(null);
  const [pass, setPass] = useState<SavedPass | null>(null);
  const event = useEvent();
  const waiting = useSyncExternalStore(subscribeOutbox, outboxMayHaveEntries, () => false);
  const { t, loadFormTexts } = useLocale();
  useOutboxSync(event.eventName, waiting, setPass, t, loadFormTexts);

  // The popup opens with its words (the forms' texts) in the page's language.
  const openPopup = useCallback(
    (type: RegistrationType, subscription?: string) =>
      void Promise.all([loadPopup(), loadFormTexts()]).then(
        ([module]) => setPopup({ type, subscription, Popup: module.default }),
        () => toast(t(popupNotLoadedMessage()), 'error'),
      ),
    [t, loadFormTexts],
  );
  const actions = useMemo(() => ({ openPopup }), [openPopup]);

  return (
    <ActionsContext.Provider value={actions}>
      <div className={className ? `site ${className}` : 'site'}>
        <SiteHeader onChoose={openPopup} />
        {children}
        {waiting ? <WaitingListWhenLoaded /> : null}
        <SiteFooter />
      </div>
      <Toasts />
      {popup ? (
        // `key`: closing resets the type and the fields.
        <popup.Popup
          key={popup.type + (popup.subscription ?? '')}
          type={popup.type}
          subscription={popup.subscription}
          eventName={event.eventName}
          onClose={() => setPopup(null)}
          onPass={setPass}
        />
      ) : null}
      {pass ? (
        // Keyed by pass: a dialog whose code did not load does not keep a later pass from showing.
        <ChunkBoundary key={pass.passCode}>
          <Suspense fallback={null}>
            <PassDialog
              pass={pass}
              onClose={() => {
                setPass(null);
                requestAnimationFrame(keepFocusOnPage);
              }}
            />
          </Suspense>
        </ChunkBoundary>
      ) : null}
    </ActionsContext.Provider>
  );
}
