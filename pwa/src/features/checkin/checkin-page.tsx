import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStartingEvent } from '../../components/event-queries';
import { usePanelUser, useIsAdmin } from '../../components/panel-session';
import { StorageLossNotice } from '../../components/storage-loss-notice';
import { startCheckinSync } from '../../offline/checkin-sync';
import { barcodeDetector, useHasCamera } from '../../components/camera-scan';
import { DoorSearch } from './door-search';
import { DoorCardColumn } from './door-card-column';
import { DoorErrorBoundary, DoorFlash, RevokedDevice } from './door-cards';
import { useDoorSetting } from '../../lib/scan-feedback';
import { DoorHeader } from './door-header';
import { DoorResults } from './door-results';
import { DoorTools } from './door-tools';
import { doorVerdict, nextStatus } from './flow';
import { useDeviceId, usePersistentStorage, useRosterIndex, useSyncState } from './hooks';
import { useKioskLock } from './kiosk-lock';
import { SyncBar } from './sync-bar';
import { useDoor } from './use-door';
import './checkin.css';

export const CHOSEN_KEY = 'eventpro.checkin.eventId';
/** Results shown at once: a phone shows fewer; more means "type more". */
const RESULT_LIMIT = 30;

/**
 * The door route's screen: the door inside its own error boundary (door-cards.tsx `DoorError`): a failure,
 * most often site data cleared while offline, says what happened and how to get the door back, instead of
 * the router's raw error, which the door could not fetch offline anyway.
 */
export function CheckinDoor() {
  return (
    <DoorErrorBoundary>
      <CheckinPage />
    </DoorErrorBoundary>
  );
}

/**
 * The venue door, built for a crowded gate on a phone or a tablet: the search box at the top, the
 * person's card with its big action right under it, and every action giving focus back to the search
 * box so a USB/Bluetooth scanner's code + Enter goes straight to the next person. What it shows is one
 * state machine (door-state.ts), driven by `useDoor`.
 */
export function CheckinPage() {
  const user = usePanelUser();
  const isAdmin = useIsAdmin();
  const canScan = useHasCamera() || !!barcodeDetector();
  const actorName = user?.name ?? 'This device';
  /** Who makes the door's changes: the user of this session, still known when its login has lapsed. */
  const actor = useMemo(() => ({ ...(user ? { userId: user.id } : {}), name: actorName }), [user, actorName]);
  const [chosen, setChosen] = useState<string | null>(() => localStorage.getItem(CHOSEN_KEY));
  // The event last chosen on this device while it exists, else the featured one.
  const starting = useStartingEvent(chosen);
  const eventId = starting.eventId;
  const eventName = starting.event?.eventName;

  useEffect(() => {
    if (eventId) startCheckinSync(eventId);
  }, [eventId]);

  const { index, revision } = useRosterIndex(eventId);
  const sync = useSyncState();
  const download = sync.download && sync.download.eventId === eventId ? sync.download : null;
  const myDevice = useDeviceId();
  const persisted = usePersistentStorage();
  const [confirmEach] = useDoorSetting('confirmEach');
  const [hidePersonalData] = useDoorSetting('hidePersonalData');
  const [soundOn] = useDoorSetting('sound');
  const [flashOn] = useDoorSetting('flash');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const kiosk = useKioskLock();
  const searchBox = useRef<HTMLInputElement>(null);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);
  const door = useDoor({
    index,
    revision,
    downloading: Boolean(download && !download.complete),
    actor,
    myDevice,
    confirmEach,
    soundOn,
    flashOn,
    hasPin: kiosk.hasPin,
    closeSettings,
    searchBox,
  });
  const { state, dispatch, selected, read, actOnCard, focusSearch, open, undo } = door;
  const { query, message } = state;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the index's change counter
  const results = useMemo(() => (index ? index.search(query, RESULT_LIMIT) : { items: [], more: false }), [index, query, revision]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the index's change counter
  const checkedIn = useMemo(() => (index ? index.countWithStatus('checked_in') : null), [index, revision]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      const value = event.currentTarget.value;
      if (value.trim()) read(value);
      else actOnCard();
    } else if (event.key === 'Escape') {
      if (query) dispatch({ type: 'clear-query' });
      else dispatch({ type: 'close-person' });
    }
  }

  // One callback for the camera's whole life: a new one would restart the camera.
  const readNow = useRef(read);
  readNow.current = read;
  const onCameraCode = useCallback((code: string) => readNow.current(code, 'camera'), []);
  const onPhotoCode = useCallback((code: string) => readNow.current(code, 'keys'), []);
  const showMessage = useCallback((text: string | null) => dispatch({ type: 'message', message: text }), [dispatch]);

  let empty: string;
  if (!eventId) empty = !starting.settled ? 'Loading the events…' : 'No event to check in to yet: an administrator creates it under Event Management.';
  else if (!index) empty = 'Opening the roster on this device…';
  else if (index.size === 0) empty = download && !download.complete ? 'Downloading the roster…' : 'No one is on this event’s roster yet.';
  else empty = 'Scan a pass or type a name, mobile number or pass code, then Enter.';

  if (sync.revoked) return <RevokedDevice />;

  return (
    <section className="panel-screen ci-screen" aria-labelledby="ci-title">
      <div className="ci-door" data-searching={query.trim() ? 'yes' : undefined}>
        <DoorHeader eventName={eventName} eventId={eventId} checkedIn={checkedIn} guard={kiosk.guard} />

        <DoorSearch
          searchBox={searchBox}
          query={query}
          onType={(text) => dispatch({ type: 'type', query: text })}
          onKeyDown={onKeyDown}
          canScan={canScan}
          onCameraCode={onCameraCode}
          onPhotoCode={onPhotoCode}
          onPhotoMiss={showMessage}
          afterCamera={focusSearch}
        />

        <SyncBar
          details={
            <>
              <p data-testid="roster-size" data-count={index?.size ?? 0}>
                {index ? `${index.size.toLocaleString('en-IN')} people of this event on this device` : 'Opening the roster…'}
              </p>
              {persisted === false && (
                <p className="ci-note ci-note--warn" data-testid="persist-refused">
                  This browser did not grant persistent storage, so it may clear the roster and waiting changes when space runs low. Install the app or bookmark
                  it, and sync before closing.
                </p>
              )}
            </>
          }
        />
        <StorageLossNotice />

        {download && !download.complete && (
          <div className="ci-download" role="status" data-testid="download-progress">
            <span>Downloading the roster… {download.loaded.toLocaleString('en-IN')} people so far</span>
            <progress aria-label="Roster download" />
          </div>
        )}

        {message && (
          <p className="ci-note ci-message" role="status" data-testid="search-message">
            {message}
          </p>
        )}

        <div className="ci-cardcol">
          <DoorCardColumn
            door={door}
            eventId={eventId}
            actor={actor}
            myDevice={myDevice}
            organiser={isAdmin}
            eventName={eventName}
            hidePersonalData={hidePersonalData}
            empty={empty}
          />
        </div>

        {query.trim() && !(message && results.items.length === 0) && (
          <DoorResults
            items={results.items}
            more={results.more}
            selected={selected}
            hidePersonalData={hidePersonalData}
            rosterOpen={!!index}
            onOpen={(p) => {
              open(p, nextStatus(p.kind, p.status) !== null && doorVerdict(p.kind, p.status) === 'ok');
              focusSearch();
            }}
          />
        )}

        <DoorTools
          eventId={eventId}
          onEventChosen={(id) => {
            localStorage.setItem(CHOSEN_KEY, id);
            setChosen(id);
            dispatch({ type: 'close-person' });
            undo.forget();
          }}
          settingsOpen={settingsOpen}
          setSettingsOpen={setSettingsOpen}
          guard={kiosk.guard}
          canScan={canScan}
          onPhotoCode={onPhotoCode}
          onPhotoMiss={showMessage}
          onWalkIn={() => dispatch({ type: 'walk-in' })}
        />
      </div>

      {kiosk.prompt}
      <p className="ci-visually-hidden" role="status" aria-live="polite" data-testid="door-announcement">
        {door.announcement}
      </p>
      <DoorFlash flash={door.flash} />
    </section>
  );
}
