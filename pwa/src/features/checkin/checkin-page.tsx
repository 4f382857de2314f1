import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { Link, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { EventPicker } from '../../components/event-picker';
import { useStartingEvent } from '../../components/event-queries';
import { toast } from '../../components/toasts';
import { useIsAdmin, useLogout, usePanelUser } from '../../components/panel-session';
import { changeStatus } from '../../offline/checkin-outbox';
import { personKey } from '../../offline/roster-search-index';
import { refreshOutbox, startCheckinSync, syncNow } from '../../offline/checkin-sync';
import { startAsNewDevice } from '../../offline/device-revocation';
import type { RosterPerson } from '../../offline/checkin-types';
import { barcodeDetector, CameraScan, PhotoScan, useHasCamera } from './camera-scan';
import { playTone, type Tone, useDoorSetting, vibrate } from './door-feedback';
import { doorVerdict, KIND_LABELS, nextStatus, doorStatusLabel } from './flow';
import { formatTime } from '@shared/dates';
import { deviceName } from './format';
import { useDeviceId, usePersistentStorage, useRosterIndex, useSyncState } from './hooks';
import { PersonCard } from './person-card';
import { DeviceNameField } from './device-name-field';
import { SyncBar } from './sync-bar';
import { StorageLossNotice } from '../../components/storage-loss-notice';
import { WalkInForm } from './walk-in-form';
import { DoorPinField, lockDoor, useKioskLock } from './kiosk-lock';
import './checkin.css';

export const CHOSEN_KEY = 'eventpro.checkin.eventId';
/**
 * A scanner's double read: the same code again within this time of its last sighting is the same read
 * (a pass held in front of the camera is read every 150 ms, and stays one read until it is taken away),
 * unless the roster changed since: a pass not found while the roster was still arriving is looked up again.
 */
const DOUBLE_READ_MS = 3000;
/** Results shown at once: a phone shows fewer; more means "type more". */
const RESULT_LIMIT = 30;
/** How long the last action can be undone. */
const UNDO_MS = 10_000;
/** How long the flash around the screen stays. */
const FLASH_MS = 900;
const FLASH_MARKS: Record<Tone, string> = { ok: '✓', bad: '✕', same: '↻' };
/** How long a read's result (a person's card, an unknown code) stays when nothing else happens. */
const RESULT_MS = 30_000;

interface Flash {
  id: number;
  tone: Tone;
  title: string;
  detail: string;
}

/**
 * The last status change made here: undoable for UNDO_MS by a change back (an operation of its own). A
 * walk-in registered here (`walkIn`) had no status before: undoing it cancels the registration.
 */
interface LastAction {
  person: Pick<RosterPerson, 'eventId' | 'kind' | 'id' | 'name'>;
  from: string;
  to: string;
  at: number;
  walkIn?: true;
}

/** The status an undone walk-in registration ends in (an organiser's hold: the door never overrides it). */
const UNDONE_WALK_IN = 'cancelled';

/** Past tense of the big actions, for the flash and the undo line. */
const DONE_LABELS: Record<string, string> = {
  checked_in: 'Checked in',
  exited_ramp: 'Exited ramp',
  left_venue: 'Left venue',
  reached: 'Reached',
  not_visited: 'Not visited',
  registered_at_venue: 'Registered at venue',
};
const doneLabel = (status: string) => DONE_LABELS[status] ?? doorStatusLabel(status);

/** Inputs that take no typed text: a typed character on them belongs in the search box. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'file', 'button', 'submit', 'reset', 'range', 'color', 'image']);

/** Fields that keep their keys; anywhere else a typed character belongs in the search box. */
function takesText(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLInputElement) return !NOT_TEXT.has(el.type);
  return !!el.closest('textarea, select, [contenteditable="true"]');
}

/**
 * The venue door, built for a crowded gate on a phone or a tablet: the search box at the top, the
 * person's card with its big action right under it, and every action giving focus back to the search
 * box so a USB/Bluetooth scanner's code + Enter goes straight to the next person.
 */
export function CheckinPage() {
  const user = usePanelUser();
  const isAdmin = useIsAdmin();
  const logout = useLogout();
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
  const downloading = Boolean(download && !download.complete);
  const myDevice = useDeviceId();
  const persisted = usePersistentStorage();
  const [confirmEach, setConfirmEach] = useDoorSetting('confirmEach');
  const [hidePersonalData, setHidePersonalData] = useDoorSetting('hidePersonalData');
  const [soundOn, setSoundOn] = useDoorSetting('sound');
  const [flashOn, setFlashOn] = useDoorSetting('flash');

  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  /** The open card Enter acts on: set when a read opens a card, cleared once it has acted. */
  const [armed, setArmed] = useState<string | null>(null);
  /** The person whose status this device just changed, until a read opens a card again. */
  const [done, setDone] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  /** A code no one on the roster has: its red card replaces the last person's. */
  const [unknown, setUnknown] = useState<string | null>(null);
  /** The open card's pass was read again within the double-read window: said so, counted once. */
  const [repeatAt, setRepeatAt] = useState<number | null>(null);
  /** When the result on screen was last read or acted on: it goes RESULT_MS later. */
  const [shownAt, setShownAt] = useState(0);
  const [walkIn, setWalkIn] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const kiosk = useKioskLock();
  const navigate = useNavigate();
  /** A link out of the door: through the kiosk PIN when one is set. */
  const leaveTo = (to: '/panel/dashboard' | '/panel/checkin/conflicts' | '/panel/checkin/devices') => (event: { preventDefault(): void }) => {
    event.preventDefault();
    kiosk.guard(() => void navigate({ to }));
  };
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [last, setLast] = useState<LastAction | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastRead = useRef<{ code: string; at: number; rosterRevision: number; told: boolean; found: boolean } | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const flashSeq = useRef(0);
  const settingsId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the index's change counter
  const results = useMemo(() => (index ? index.search(query, RESULT_LIMIT) : { items: [], more: false }), [index, query, revision]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the index's change counter
  const checkedIn = useMemo(() => (index ? index.countWithStatus('checked_in') : null), [index, revision]);
  const person = selected && index ? index.get(selected) : undefined;

  const focusSearch = useCallback(() => {
    // After the click's own focus change has settled.
    requestAnimationFrame(() => searchBox.current?.focus());
  }, []);

  /** The green or red answer: full-screen flash (with vibration) and sound, each behind its switch. */
  const feedback = useCallback(
    (tone: Tone, title: string, detail: string) => {
      setAnnouncement(`${title}. ${detail}`);
      if (flashOn) {
        setFlash({ id: ++flashSeq.current, tone, title, detail });
        vibrate(tone);
      }
      if (soundOn) playTone(tone);
    },
    [flashOn, soundOn],
  );

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  // A result stays until the next read replaces it, or RESULT_MS pass: the next person never meets the last one's card.
  useEffect(() => {
    if (!shownAt) return;
    const timer = setTimeout(() => {
      setSelected(null);
      setUnknown(null);
      setDone(null);
      setRepeatAt(null);
      setArmed(null);
    }, RESULT_MS);
    return () => clearTimeout(timer);
  }, [shownAt]);

  // The undo line counts down, then goes.
  useEffect(() => {
    if (!last) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at - last.at >= UNDO_MS) setLast(null);
    }, 250);
    return () => clearInterval(timer);
  }, [last]);

  /** Moves `target` to `status` (one operation), tells the gate, and gets ready for the next person. */
  const perform = useCallback(
    async (target: RosterPerson, status: string) => {
      setBusy(true);
      setActionError(null);
      setArmed(null);
      const from = target.status;
      try {
        await changeStatus(target, status, actor);
        void refreshOutbox();
        if (deviceHasNetwork()) void syncNow(true);
        // A person who had no status cannot be put back to none: nothing to undo then.
        setLast(from ? { person: { eventId: target.eventId, kind: target.kind, id: target.id, name: target.name }, from, to: status, at: Date.now() } : null);
        setDone(personKey(target));
        setShownAt(Date.now());
        feedback('ok', doneLabel(status), target.name);
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        setActionError(reason);
        feedback('bad', 'Not saved', reason);
      } finally {
        setBusy(false);
        focusSearch();
      }
    },
    [actor, feedback, focusSearch],
  );

  const undo = useCallback(async () => {
    const action = last;
    if (!action || Date.now() - action.at >= UNDO_MS) return;
    setLast(null);
    setDone(null);
    try {
      if (action.walkIn) {
        await changeStatus(action.person, UNDONE_WALK_IN, actor, 'Undo: walk-in registration cancelled');
        toast.success(`Undone: ${action.person.name}'s walk-in registration is cancelled`);
      } else {
        await changeStatus(action.person, action.from, actor, 'Undo');
        toast.success(`Undone: ${action.person.name} is ${doorStatusLabel(action.from).toLowerCase()} again`);
      }
      void refreshOutbox();
      if (deviceHasNetwork()) void syncNow(true);
    } catch (e) {
      toast.error(`Not undone: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      focusSearch();
    }
  }, [last, actor, focusSearch]);

  const open = useCallback((p: RosterPerson, arm: boolean) => {
    const key = personKey(p);
    setSelected(key);
    setArmed(arm ? key : null);
    setDone(null);
    setUnknown(null);
    setRepeatAt(null);
    setWalkIn(false);
    setMessage(null);
    setActionError(null);
    setQuery('');
    setShownAt(Date.now());
  }, []);

  /**
   * A code read by a scanner (typed + Enter), the camera or a photo, or a search confirmed with Enter. A read
   * of exactly one admissible pass admits at once (unless "Confirm each person" is on); the same pass read
   * again within DOUBLE_READ_MS is counted once and says so. The camera reads a held pass every 150 ms, so
   * for it each sighting extends the window and only the first repeat sounds.
   */
  const read = useCallback(
    (raw: string, source: 'keys' | 'camera' = 'keys') => {
      const code = raw.trim();
      if (!code) return;
      // The gate is back at work: what a PIN opened is locked again.
      lockDoor();
      if (kiosk.hasPin) setSettingsOpen(false);
      if (!index) {
        setMessage('The roster is still opening on this device: scan again in a moment.');
        return;
      }
      const at = Date.now();
      const previous = lastRead.current;
      // A code found nobody last time is looked up again once the roster changed (its person may have arrived);
      // one that found someone is the same read whatever changed since (its own admission changes the roster).
      const sameRead = previous && previous.code === code && (previous.found || previous.rosterRevision === revision) && at - previous.at < DOUBLE_READ_MS;
      if (previous && sameRead) {
        setQuery('');
        const again = index.byPassCode(code);
        if (source === 'camera') previous.at = at; // still in view: one read until it is taken away
        if (again && (source === 'keys' || !previous.told)) {
          previous.told = true;
          setRepeatAt(at);
          setShownAt(at);
          feedback('same', 'Just scanned', `${again.name}: counted once`);
        }
        return;
      }
      lastRead.current = { code, at, rosterRevision: revision, told: false, found: false };
      const exact = index.byPassCode(code);
      const found = exact ? undefined : index.search(code, 2);
      const match = exact ?? (found?.items.length === 1 ? found.items[0] : undefined);
      if (!match) {
        if (found?.items.length) {
          setMessage(`Several people match “${code}”: pick one in the list.`);
        } else if (downloading) {
          // Not a refusal yet: the person may be in a part of the roster still on its way.
          setMessage(`“${code}” is not on this device’s roster yet: the roster is still downloading. Keep the pass in view, or scan again in a moment.`);
        } else {
          // Its own red card, in place of the last person's: nobody reads an old green card as this pass's answer.
          setSelected(null);
          setArmed(null);
          setDone(null);
          setRepeatAt(null);
          setUnknown(code);
          setShownAt(at);
          feedback('bad', 'Not found', code);
        }
        // Kept on screen, selected: the scanner's next code replaces it.
        requestAnimationFrame(() => searchBox.current?.select());
        return;
      }
      lastRead.current.found = true;
      const verdict = doorVerdict(match.kind, match.status);
      const next = nextStatus(match.kind, match.status);
      if (verdict === 'already') {
        open(match, false);
        const when = match.statusChangedAt ? ` at ${formatTime(match.statusChangedAt)}` : '';
        feedback('bad', 'Already checked in', `${match.name}${when} on ${deviceName(match.statusDeviceId, myDevice)}`);
      } else if (verdict === 'refused') {
        open(match, false);
        feedback('bad', 'Refused', `${match.name}: ${doorStatusLabel(match.status).toLowerCase()}`);
      } else if (exact && !confirmEach && next === 'checked_in') {
        open(match, false);
        void perform(match, 'checked_in');
      } else {
        open(match, next !== null);
      }
    },
    [index, revision, downloading, open, feedback, myDevice, confirmEach, perform, kiosk.hasPin],
  );

  /** Enter with nothing typed: the open card's big action, once per read. */
  const actOnCard = useCallback(() => {
    if (!person || busy || armed !== personKey(person)) return false;
    const next = nextStatus(person.kind, person.status);
    if (!next) return false;
    void perform(person, next);
    return true;
  }, [person, busy, armed, perform]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      const value = event.currentTarget.value;
      if (value.trim()) read(value);
      else actOnCard();
    } else if (event.key === 'Escape') {
      if (query) setQuery('');
      else setSelected(null);
    }
  }

  // Keys typed while focus is elsewhere (after a tap on a switch, on the page, on the card): a character
  // moves focus to the search box, where it lands; Enter on the open card performs its action.
  useEffect(() => {
    function onDocumentKey(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || walkIn) return;
      const target = event.target instanceof Element ? event.target : null;
      if (takesText(target)) return;
      if (event.key.length === 1 && event.key !== ' ') {
        searchBox.current?.focus();
      } else if (
        event.key === 'Enter' &&
        (!target || target === document.body || (target.closest('[data-testid="person-card"]') && !target.closest('button, summary, a, input')))
      ) {
        if (actOnCard()) event.preventDefault();
      }
    }
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, [walkIn, actOnCard]);

  // One callback for the camera's whole life: a new one would restart the camera.
  const readNow = useRef(read);
  readNow.current = read;
  const onCameraCode = useCallback((code: string) => readNow.current(code, 'camera'), []);
  const onPhotoCode = useCallback((code: string) => readNow.current(code, 'keys'), []);

  const undoLeft = last ? Math.max(0, Math.ceil((last.at + UNDO_MS - now) / 1000)) : 0;

  let empty: string;
  if (!eventId) empty = !starting.settled ? 'Loading the events…' : 'No event to check in to yet: an administrator creates it under Event Management.';
  else if (!index) empty = 'Opening the roster on this device…';
  else if (index.size === 0) empty = download && !download.complete ? 'Downloading the roster…' : 'No one is on this event’s roster yet.';
  else empty = 'Scan a pass or type a name, mobile number or pass code, then Enter.';

  if (sync.revoked) return <RevokedDevice />;

  return (
    <section className="panel-screen ci-screen" aria-labelledby="ci-title">
      <div className="ci-door" data-searching={query.trim() ? 'yes' : undefined}>
        <header className="ci-head">
          <div className="ci-title">
            <h1 id="ci-title">Venue Check-in</h1>
            <p className="ci-muted ci-eventname" data-testid="door-event">
              {eventName ?? (eventId ? 'Event' : 'No event chosen')}
            </p>
            <nav className="ci-doorlinks" aria-label="Door">
              <Link to="/panel/dashboard" className="ci-link" data-testid="door-to-panel" onClick={leaveTo('/panel/dashboard')}>
                ← Panel
              </Link>
              {logout && (
                <button type="button" className="ci-link ci-link--button" onClick={() => kiosk.guard(() => void logout())}>
                  Logout
                </button>
              )}
              {isAdmin && (
                <>
                  <Link to="/panel/checkin/conflicts" className="ci-link" data-testid="conflicts-link" onClick={leaveTo('/panel/checkin/conflicts')}>
                    Conflict inbox
                  </Link>
                  <Link to="/panel/checkin/devices" className="ci-link" data-testid="devices-link" onClick={leaveTo('/panel/checkin/devices')}>
                    Devices
                  </Link>
                </>
              )}
            </nav>
          </div>
          <p className="ci-counter" data-testid="checked-in-count" data-count={checkedIn ?? ''}>
            <strong>{checkedIn === null ? '–' : checkedIn.toLocaleString('en-IN')}</strong>
            <span>checked in</span>
          </p>
        </header>

        <div className="ci-searcharea">
          <div className="ci-searchrow">
            <label className="ci-search">
              <span className="ci-visually-hidden">Search by name, mobile, organisation or pass code</span>
              <input
                ref={searchBox}
                type="search"
                // biome-ignore lint/a11y/noAutofocus: the door's scanner types into this box without a click
                autoFocus
                placeholder="Code or name"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setMessage(null);
                }}
                onKeyDown={onKeyDown}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                enterKeyHint="search"
                data-testid="checkin-search"
              />
            </label>
            {canScan ? (
              <button type="button" className="ci-button ci-button--scan" aria-pressed={scanning} onClick={() => setScanning((s) => !s)}>
                {scanning ? 'Stop' : 'Scan'}
              </button>
            ) : (
              <PhotoScan onCode={onPhotoCode} onMiss={setMessage} label="Photo" />
            )}
          </div>
          {scanning && (
            <CameraScan
              onCode={onCameraCode}
              onClose={() => {
                setScanning(false);
                focusSearch();
              }}
            />
          )}
        </div>

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
          {last && undoLeft > 0 && (
            <div className="ci-undo" data-testid="undo-bar">
              <span className="ci-undo-text">
                <strong>{doneLabel(last.to)}</strong> <span>{last.person.name}</span>
              </span>
              <button type="button" className="ci-button ci-button--small" onClick={() => void undo()} data-testid="undo">
                Undo <span className="ci-muted">({undoLeft} s)</span>
              </button>
            </div>
          )}
          {walkIn && eventId ? (
            <WalkInForm
              eventId={eventId}
              actor={actor}
              onDone={(p) => {
                // Registered at the desk and standing there: Enter checks them in. A registration made
                // by mistake can be undone like any other action.
                open(p, true);
                setLast({ person: { eventId: p.eventId, kind: p.kind, id: p.id, name: p.name }, from: '', to: p.status, at: Date.now(), walkIn: true });
                focusSearch();
              }}
              onCancel={() => {
                setWalkIn(false);
                focusSearch();
              }}
            />
          ) : person ? (
            // Keyed by person: the next person's card starts closed ("Other status" folded), not as the last was left.
            <PersonCard
              key={personKey(person)}
              person={person}
              myDevice={myDevice}
              armed={armed === personKey(person) && !busy}
              justDone={done === personKey(person)}
              repeatAt={repeatAt}
              organiser={isAdmin}
              hidePersonalData={hidePersonalData}
              busy={busy}
              error={actionError}
              onAction={(status) => void perform(person, status)}
              eventName={eventName}
              onClose={() => {
                setSelected(null);
                focusSearch();
              }}
            />
          ) : unknown ? (
            <UnknownCard
              code={unknown}
              onClose={() => {
                setUnknown(null);
                focusSearch();
              }}
            />
          ) : (
            !query.trim() && (
              <p className="ci-muted ci-empty" data-testid="door-empty">
                {empty}
              </p>
            )
          )}
        </div>

        {query.trim() && !(message && results.items.length === 0) && (
          <ul className="ci-results" aria-label="Search results" data-testid="results">
            {results.items.map((p) => (
              <li key={personKey(p)}>
                <button
                  type="button"
                  className={selected === personKey(p) ? 'ci-result ci-result--on' : 'ci-result'}
                  onClick={() => {
                    open(p, nextStatus(p.kind, p.status) !== null && doorVerdict(p.kind, p.status) === 'ok');
                    focusSearch();
                  }}
                >
                  <strong>{p.name}</strong>
                  <span className="ci-muted">
                    {KIND_LABELS[p.kind]}
                    {hidePersonalData ? '' : `${p.organisation ? ` · ${p.organisation}` : ''} · ${p.mobile}`}
                    {p.passCode ? ` · ${p.passCode}` : ''}
                  </span>
                  <span className={`ci-pill ci-pill--${p.status || 'none'}`}>{doorStatusLabel(p.status)}</span>
                </button>
              </li>
            ))}
            {results.items.length === 0 && <li className="ci-muted ci-noresult">{index ? 'No match on this device.' : 'Opening the roster…'}</li>}
            {results.more && <li className="ci-muted">More people match: type more.</li>}
          </ul>
        )}

        <div className="ci-tools">
          <DoorSwitch label="Confirm each person" on={confirmEach} onChange={(on) => kiosk.guard(() => setConfirmEach(on))} testId="confirm-each" />
          <button
            type="button"
            className="ci-button"
            onClick={() => {
              setWalkIn(true);
              setSelected(null);
            }}
          >
            Walk-in
          </button>
          <button
            type="button"
            className="ci-button ci-button--quiet"
            aria-expanded={settingsOpen}
            aria-controls={settingsId}
            onClick={() => (settingsOpen ? setSettingsOpen(false) : kiosk.guard(() => setSettingsOpen(true)))}
          >
            Settings
          </button>
          <div id={settingsId} className="ci-settings" hidden={!settingsOpen}>
            <EventPicker
              className="ci-event"
              value={eventId ?? ''}
              onChange={(id) => {
                localStorage.setItem(CHOSEN_KEY, id);
                setChosen(id);
                setSelected(null);
                setLast(null);
              }}
              failedText="Events unavailable offline"
            />
            <DoorSwitch label="Sound" on={soundOn} onChange={setSoundOn} testId="door-sound" />
            <DoorSwitch label="Flash and vibration" on={flashOn} onChange={setFlashOn} testId="door-flash-setting" />
            <DoorSwitch label="Hide personal data (names only)" on={hidePersonalData} onChange={setHidePersonalData} testId="door-hide-personal" />
            <DeviceNameField />
            <DoorPinField />
            {canScan && <PhotoScan onCode={onPhotoCode} onMiss={setMessage} label="Scan from photo" />}
            <p className="ci-muted ci-small">
              A USB or Bluetooth scanner types the code and Enter into the search box. A code that is exactly one pass checks that person in at once; the same
              pass again within 3 seconds is counted once and says “Just scanned”. With “Confirm each person”, the card opens first and Enter or a tap does its
              big action.
            </p>
          </div>
        </div>
      </div>

      {kiosk.prompt}
      <p className="ci-visually-hidden" role="status" aria-live="polite" data-testid="door-announcement">
        {announcement}
      </p>
      {flash && (
        <div key={flash.id} className={`ci-flash ci-flash--${flash.tone}`} aria-hidden="true" data-testid="door-flash" data-tone={flash.tone}>
          <div className="ci-flash-band">
            <span className="ci-flash-mark">{FLASH_MARKS[flash.tone]}</span>
            <strong>{flash.title}</strong>
            <span className="ci-flash-detail">{flash.detail}</span>
          </div>
        </div>
      )}
    </section>
  );
}

/** What a revoked device shows instead of the door: what happened, and how to set it up again. */
function RevokedDevice() {
  const [busy, setBusy] = useState(false);
  return (
    <section className="panel-screen ci-screen" aria-labelledby="ci-revoked-title" data-testid="device-revoked">
      <div className="ci-card ci-card--refused">
        <h1 id="ci-revoked-title">This device was revoked</h1>
        <p>
          An organiser revoked this device (lost or stolen) on the Devices screen. Its copy of the roster and the names in its waiting changes have been wiped;
          changes it made after the revocation wait for an organiser’s decision.
        </p>
        <p className="ci-muted">If this device is back in the right hands, an organiser can sign in and set it up again: it joins as a new device.</p>
        <button
          type="button"
          className="ci-button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void startAsNewDevice().then(() => window.location.reload());
          }}
        >
          Set up as a new device
        </button>
      </div>
    </section>
  );
}

/** A code no one on this device's roster has: red, in place of the last person's card. */
function UnknownCard({ code, onClose }: { code: string; onClose(): void }) {
  return (
    <article className="ci-card ci-card--refused" aria-labelledby="ci-unknown-title" data-testid="unknown-card">
      <header className="ci-card-head">
        <h2 id="ci-unknown-title">Not found</h2>
        <button type="button" className="ci-button ci-button--quiet ci-button--small" onClick={onClose} aria-label="Close card">
          ✕
        </button>
      </header>
      <p className="ci-warning" role="alert">
        No one with pass code or name “{code}” on this device’s roster. Do not admit on this pass: send them to the desk.
      </p>
    </article>
  );
}

/** One of the door's on/off settings: a switch beside its words. */
function DoorSwitch({ label, on, onChange, testId }: { label: string; on: boolean; onChange(on: boolean): void; testId: string }) {
  return (
    <label className="ci-switch">
      <input type="checkbox" role="switch" aria-checked={on} checked={on} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{label}</span>
    </label>
  );
}
