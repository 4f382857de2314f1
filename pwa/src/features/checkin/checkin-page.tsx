import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type EventOption, EventOptions, featuredOrFirst } from '../../components/event-options';
import { useIsAdmin, usePanelUser } from '../../components/panel-session';
import { getToken } from '../../lib/auth-token';
import { readEnvelope } from '../../lib/envelope';
import { personKey } from '../../offline/checkin-store';
import { startCheckinSync } from '../../offline/checkin-sync';
import type { RosterPerson } from '../../offline/checkin-types';
import { barcodeDetector, CameraScan, PhotoScan, useHasCamera } from './camera-scan';
import { KIND_LABELS, statusLabel } from './flow';
import { useDeviceId, usePersistentStorage, useRosterIndex, useSyncState } from './hooks';
import { PersonCard } from './person-card';
import { SyncBar } from './sync-bar';
import { WalkInForm } from './walk-in-form';
import './checkin.css';

const EVENTS_KEY = 'eventpro.checkin.events';
export const CHOSEN_KEY = 'eventpro.checkin.eventId';
/** A scanner's double read: the same code again within this time is the same read. */
const DOUBLE_READ_MS = 3000;
/** Results shown at once: a phone shows fewer; more means "type more". */
const RESULT_LIMIT = 30;

function cachedEvents(): EventOption[] | undefined {
  try {
    const raw = localStorage.getItem(EVENTS_KEY);
    return raw ? (JSON.parse(raw) as EventOption[]) : undefined;
  } catch {
    return undefined;
  }
}

/** The events list, kept in localStorage too so the picker works offline. */
export function useEvents() {
  return useQuery({
    queryKey: ['checkin', 'events'],
    queryFn: async () => {
      const token = getToken();
      const body = (await readEnvelope(fetch('/api/events?limit=100', { headers: token ? { Authorization: `Bearer ${token}` } : {} }))) as { data: { items: EventOption[] } };
      const events = body.data.items.map(({ id, eventName, isFeatured }) => ({ id, eventName, isFeatured }));
      localStorage.setItem(EVENTS_KEY, JSON.stringify(events));
      return events;
    },
    initialData: cachedEvents,
    initialDataUpdatedAt: 0,
    retry: false,
  });
}

export function CheckinPage() {
  const user = usePanelUser();
  const isAdmin = useIsAdmin();
  const canScan = useHasCamera() || !!barcodeDetector();
  const actorName = user?.name ?? 'This device';
  const events = useEvents();
  const [chosen, setChosen] = useState<string | null>(() => localStorage.getItem(CHOSEN_KEY));
  const eventList = events.data ?? [];
  const eventId = chosen && (eventList.length === 0 || eventList.some((e) => e.id === chosen)) ? chosen : (featuredOrFirst(eventList)?.id ?? null);

  useEffect(() => {
    if (eventId) startCheckinSync(eventId);
  }, [eventId]);

  const { index, revision } = useRosterIndex(eventId);
  const sync = useSyncState();
  const myDevice = useDeviceId();
  const persisted = usePersistentStorage();

  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [walkIn, setWalkIn] = useState(false);
  const [scanning, setScanning] = useState(false);
  const lastRead = useRef<{ code: string; at: number } | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the index's change counter
  const results = useMemo(() => (index ? index.search(query, RESULT_LIMIT) : { items: [], more: false }), [index, query, revision]);
  const person = selected && index ? index.get(selected) : undefined;

  const open = useCallback((p: RosterPerson) => {
    setSelected(personKey(p));
    setWalkIn(false);
    setMessage(null);
  }, []);

  /** A code read by a scanner (typed + Enter) or the camera. */
  const read = useCallback(
    (raw: string) => {
      const code = raw.trim();
      if (!code || !index) return;
      const now = Date.now();
      const last = lastRead.current;
      if (last && last.code === code && now - last.at < DOUBLE_READ_MS) {
        setQuery('');
        return; // the same read again
      }
      lastRead.current = { code, at: now };
      const exact = index.byPassCode(code);
      const found = index.search(code, 2);
      const match = exact ?? (found.items.length === 1 ? found.items[0] : undefined);
      if (match) {
        open(match);
        setQuery('');
      } else {
        setMessage(found.items.length ? `Several people match “${code}”: pick one below.` : `No one with pass code “${code}” on this device’s roster.`);
      }
    },
    [index, open],
  );

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      read(event.currentTarget.value);
    } else if (event.key === 'Escape') {
      setQuery('');
    }
  }

  const onCameraCode = useCallback(
    (code: string) => {
      read(code);
    },
    [read],
  );

  const download = sync.download && sync.download.eventId === eventId ? sync.download : null;

  return (
    <section className="panel-screen ci-screen" aria-labelledby="ci-title">
      <header className="ci-head">
        <div className="ci-title">
          <h1 id="ci-title">Venue Check-in</h1>
          {isAdmin && (
            <Link to="/panel/checkin/conflicts" className="ci-link" data-testid="conflicts-link">
              Conflict inbox
            </Link>
          )}
        </div>
        <label className="ci-event">
          <span>Event</span>
          <select
            value={eventId ?? ''}
            onChange={(e) => {
              localStorage.setItem(CHOSEN_KEY, e.target.value);
              setChosen(e.target.value);
              setSelected(null);
            }}
          >
            <EventOptions events={eventList} failed={events.isError} failedText="Events unavailable offline" />
          </select>
        </label>
      </header>

      <SyncBar />

      {persisted === false && (
        <p className="ci-note ci-note--warn" data-testid="persist-refused">
          This browser did not grant persistent storage, so it may clear the roster and waiting changes when space runs low. Install the app or bookmark it, and sync before closing.
        </p>
      )}

      {download && !download.complete && (
        <div className="ci-download" role="status" data-testid="download-progress">
          <span>Downloading the roster… {download.loaded.toLocaleString('en-IN')} people so far</span>
          <progress aria-label="Roster download" />
        </div>
      )}
      <p className="ci-muted" data-testid="roster-size" data-count={index?.size ?? 0}>
        {index ? `${index.size.toLocaleString('en-IN')} people on this device` : 'Opening the roster…'}
      </p>

      <div className="ci-layout">
        <div className="ci-left">
          <div className="ci-searchrow">
            <label className="ci-search">
              <span className="ci-visually-hidden">Search by name, mobile, organisation or pass code</span>
              <input
                ref={searchBox}
                type="search"
                // biome-ignore lint/a11y/noAutofocus: the door's scanner types into this box without a click
                autoFocus
                placeholder="Name, mobile, organisation or pass code"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setMessage(null);
                }}
                onKeyDown={onKeyDown}
                autoComplete="off"
                spellCheck={false}
                enterKeyHint="search"
                data-testid="checkin-search"
              />
            </label>
            {canScan ? (
              <button type="button" className="ci-button" onClick={() => setScanning((s) => !s)}>
                {scanning ? 'Stop' : 'Scan'}
              </button>
            ) : null}
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
          </div>
          <div className="ci-scanrow">
            <PhotoScan onCode={onCameraCode} onMiss={setMessage} />
            {!canScan && <span className="ci-muted ci-small">No camera found: scan from a photo, type the pass code or use a USB/Bluetooth scanner.</span>}
          </div>
          {scanning && <CameraScan onCode={onCameraCode} onClose={() => setScanning(false)} />}
          {message && (
            <p className="ci-note" role="status" data-testid="search-message">
              {message}
            </p>
          )}
          {query.trim() && (
            <ul className="ci-results" aria-label="Search results" data-testid="results">
              {results.items.map((p) => (
                <li key={personKey(p)}>
                  <button type="button" className={selected === personKey(p) ? 'ci-result ci-result--on' : 'ci-result'} onClick={() => open(p)}>
                    <strong>{p.name}</strong>
                    <span className="ci-muted">
                      {KIND_LABELS[p.kind]}
                      {p.organisation ? ` · ${p.organisation}` : ''} · {p.mobile} {p.passCode ? ` · ${p.passCode}` : ''}
                    </span>
                    <span className={`ci-pill ci-pill--${p.status || 'none'}`}>{statusLabel(p.status)}</span>
                  </button>
                </li>
              ))}
              {results.items.length === 0 && <li className="ci-muted">No match on this device.</li>}
              {results.more && <li className="ci-muted">More people match: type more.</li>}
            </ul>
          )}
        </div>
        <div className="ci-right">
          {walkIn && eventId ? (
            <WalkInForm
              eventId={eventId}
              actorName={actorName}
              onDone={(p) => {
                open(p);
                searchBox.current?.focus();
              }}
              onCancel={() => setWalkIn(false)}
            />
          ) : person ? (
            <PersonCard
              person={person}
              myDevice={myDevice}
              actorName={actorName}
              onClose={() => {
                setSelected(null);
                searchBox.current?.focus();
              }}
            />
          ) : (
            <p className="ci-muted ci-empty">Search or scan a pass to see a person.</p>
          )}
        </div>
      </div>
    </section>
  );
}
