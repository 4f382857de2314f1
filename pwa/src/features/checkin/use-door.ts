import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { formatTime } from '@shared/dates';
import { changeStatus } from '../../offline/checkin-outbox';
import { refreshOutbox, syncNow } from '../../offline/checkin-sync';
import type { RosterPerson } from '../../offline/checkin-types';
import { personKey, type RosterIndex } from '../../offline/roster-search-index';
import { playTone, type Tone, vibrate } from '../../lib/scan-feedback';
import { cardPerson, doorReducer, initialDoorState } from './door-state';
import { doneLabel, useUndo } from './door-undo';
import { doorStatusLabel, doorVerdict, nextStatus } from './flow';
import { deviceName } from './format';
import { lockDoor } from './kiosk-lock';

/**
 * A scanner's double read: the same code again within this time of its last sighting is the same read
 * (a pass held in front of the camera is read every 150 ms, and stays one read until it is taken away),
 * unless the roster changed since: a pass not found while the roster was still arriving is looked up again.
 */
const DOUBLE_READ_MS = 3000;
/** How long the flash around the screen stays. */
const FLASH_MS = 900;
/** How long a read's result (a person's card, an unknown code) stays when nothing else happens. */
const RESULT_MS = 30_000;

/** Inputs that take no typed text: a typed character on them belongs in the search box. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'file', 'button', 'submit', 'reset', 'range', 'color', 'image']);

/** Fields that keep their keys; anywhere else a typed character belongs in the search box. */
function takesText(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLInputElement) return !NOT_TEXT.has(el.type);
  return !!el.closest('textarea, select, [contenteditable="true"]');
}

export interface Flash {
  id: number;
  tone: Tone;
  title: string;
  detail: string;
}

type Actor = Parameters<typeof changeStatus>[2];

interface DoorInputs {
  index: RosterIndex | null;
  /** The index's change counter. */
  revision: number;
  downloading: boolean;
  actor: Actor;
  myDevice: string | null;
  confirmEach: boolean;
  soundOn: boolean;
  flashOn: boolean;
  /** A kiosk PIN is set: a read locks the settings it opened. */
  hasPin: boolean;
  closeSettings(): void;
  searchBox: React.RefObject<HTMLInputElement | null>;
}

/**
 * The door's behaviour: its state machine (door-state.ts) driven by reads, taps, saves and time; the
 * answers a gate sees and hears (flash, tone, vibration, the screen reader's line); the undo.
 */
export function useDoor(inputs: DoorInputs) {
  const { index, revision, downloading, actor, myDevice, confirmEach, soundOn, flashOn, hasPin, closeSettings, searchBox } = inputs;
  const [state, dispatch] = useReducer(doorReducer, initialDoorState);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const flashSeq = useRef(0);
  const lastRead = useRef<{ code: string; at: number; rosterRevision: number; told: boolean; found: boolean } | null>(null);
  const selected = cardPerson(state.card);
  const person = selected && index ? index.get(selected) : undefined;

  const focusSearch = useCallback(() => {
    // After the click's own focus change has settled.
    requestAnimationFrame(() => searchBox.current?.focus());
  }, [searchBox]);

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
    if (!state.shownAt) return;
    const timer = setTimeout(() => dispatch({ type: 'expire' }), RESULT_MS);
    return () => clearTimeout(timer);
  }, [state.shownAt]);

  const undo = useUndo(actor, () => dispatch({ type: 'undone' }), focusSearch);
  const { remember } = undo;

  /** Moves `target` to `status` (one operation), tells the gate, and gets ready for the next person. */
  const perform = useCallback(
    async (target: RosterPerson, status: string) => {
      const key = personKey(target);
      dispatch({ type: 'save', person: key });
      const from = target.status;
      try {
        await changeStatus(target, status, actor);
        void refreshOutbox();
        if (deviceHasNetwork()) void syncNow(true);
        // A person who had no status cannot be put back to none: nothing to undo then.
        remember(from ? { person: { eventId: target.eventId, kind: target.kind, id: target.id, name: target.name }, from, to: status, at: Date.now() } : null);
        dispatch({ type: 'saved', person: key, at: Date.now() });
        feedback('ok', doneLabel(status), target.name);
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        dispatch({ type: 'save-failed', person: key, reason });
        feedback('bad', 'Not saved', reason);
      } finally {
        focusSearch();
      }
    },
    [actor, feedback, focusSearch, remember],
  );

  const open = useCallback((p: RosterPerson, arm: boolean) => dispatch({ type: 'open', person: personKey(p), arm, at: Date.now() }), []);

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
      if (hasPin) closeSettings();
      if (!index) {
        dispatch({ type: 'message', message: 'The roster is still opening on this device: scan again in a moment.' });
        return;
      }
      const at = Date.now();
      const previous = lastRead.current;
      // A code found nobody last time is looked up again once the roster changed (its person may have arrived);
      // one that found someone is the same read whatever changed since (its own admission changes the roster).
      const sameRead = previous && previous.code === code && (previous.found || previous.rosterRevision === revision) && at - previous.at < DOUBLE_READ_MS;
      if (previous && sameRead) {
        dispatch({ type: 'clear-query' });
        const again = index.byPassCode(code);
        if (source === 'camera') previous.at = at; // still in view: one read until it is taken away
        if (again && (source === 'keys' || !previous.told)) {
          previous.told = true;
          dispatch({ type: 'repeat', at });
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
          dispatch({ type: 'message', message: `Several people match “${code}”: pick one in the list.` });
        } else if (downloading) {
          // Not a refusal yet: the person may be in a part of the roster still on its way.
          const message = `“${code}” is not on this device’s roster yet: the roster is still downloading. Keep the pass in view, or scan again in a moment.`;
          dispatch({ type: 'message', message });
        } else {
          // Its own red card, in place of the last person's: nobody reads an old green card as this pass's answer.
          dispatch({ type: 'unknown', code, at });
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
        dispatch({ type: 'refuse', person: personKey(match), at });
        const when = match.statusChangedAt ? ` at ${formatTime(match.statusChangedAt)}` : '';
        feedback('bad', 'Already checked in', `${match.name}${when} on ${deviceName(match.statusDeviceId, myDevice)}`);
      } else if (verdict === 'refused') {
        dispatch({ type: 'refuse', person: personKey(match), at });
        feedback('bad', 'Refused', `${match.name}: ${doorStatusLabel(match.status).toLowerCase()}`);
      } else if (exact && !confirmEach && next === 'checked_in') {
        open(match, false);
        void perform(match, 'checked_in');
      } else {
        open(match, next !== null);
      }
    },
    [index, revision, downloading, open, feedback, myDevice, confirmEach, perform, hasPin, closeSettings, searchBox],
  );

  /** Enter with nothing typed: the open card's big action, once per read. */
  const actOnCard = useCallback(() => {
    if (!person || state.card.name !== 'armed') return false;
    const next = nextStatus(person.kind, person.status);
    if (!next) return false;
    void perform(person, next);
    return true;
  }, [person, state.card.name, perform]);

  // Keys typed while focus is elsewhere (after a tap on a switch, on the page, on the card): a character
  // moves focus to the search box, where it lands; Enter on the open card performs its action.
  const walkIn = state.card.name === 'walk-in';
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
  }, [walkIn, actOnCard, searchBox]);

  return { state, dispatch, person, selected, flash, announcement, focusSearch, perform, open, read, actOnCard, undo };
}
