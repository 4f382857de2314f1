/**
 * What the door screen shows, as one state machine (decision 054): the card area is in exactly one named
 * state, and every read, tap, save and time-out is an action that moves it. Beside it, the search box's
 * text, the note line under it, a failed save's reason, and when the result on screen was last read or
 * acted on (it goes RESULT_MS later).
 *
 *     idle ──read: one admissible pass──▶ saving ──saved──▶ admitted
 *       │  ──read, "Confirm each person"─▶ armed ──Enter / tap──▶ saving
 *       │  ──read: already in, held────▶ refused
 *       │  ──tap on a result────────────▶ armed | looking
 *       │  ──read: no one───────────────▶ unknown
 *       └──Walk-in──────────────────────▶ walk-in ──registered──▶ armed
 *     any card ──the same pass again within 3 s──▶ just-scanned (over the card it was)
 *     any card ──close, Escape, 30 s──▶ idle          saving ──failed──▶ looking (with the reason)
 *     admitted ──undo──▶ looking
 */

/** A person's card as the door shows it, by their roster key (roster-search-index.ts `personKey`). */
type CardOf<Name extends string> = { name: Name; person: string };

/** The states a person's card can be in under a "Just scanned" note. */
type UnderRepeat = 'armed' | 'looking' | 'refused' | 'saving' | 'admitted';

export type DoorCard =
  /** Nothing on screen: waiting for the next read. */
  | { name: 'idle' }
  /** A card open whose big action Enter performs (a read with "Confirm each person", a walk-in just registered). */
  | CardOf<'armed'>
  /** A card open to look at: Enter does nothing. */
  | CardOf<'looking'>
  /** A read of a pass the door refuses (already in, on hold): its card in red. */
  | CardOf<'refused'>
  /** The card's change is being saved on this device. */
  | CardOf<'saving'>
  /** This device has just changed the person's status. */
  | CardOf<'admitted'>
  /** The card's pass was read again within the double-read window: counted once, and said so. */
  | (CardOf<'just-scanned'> & { at: number; under: UnderRepeat })
  /** A code no one on this device's roster has: its own red card, in place of the last person's. */
  | { name: 'unknown'; code: string }
  /** The desk's walk-in form. */
  | { name: 'walk-in' };

export interface DoorState {
  card: DoorCard;
  /** The search box's text. */
  query: string;
  /** A note under the search box (several matches, roster still arriving). */
  message: string | null;
  /** Why the last save on the open card failed. */
  error: string | null;
  /** When the result on screen was last read or acted on: it goes RESULT_MS later. */
  shownAt: number;
}

export type DoorAction =
  | { type: 'open'; person: string; arm: boolean; at: number }
  | { type: 'refuse'; person: string; at: number }
  | { type: 'save'; person: string }
  | { type: 'saved'; person: string; at: number }
  | { type: 'save-failed'; person: string; reason: string }
  /** The last action is being undone: the card no longer says it was just done. */
  | { type: 'undone' }
  | { type: 'repeat'; at: number }
  | { type: 'unknown'; code: string; at: number }
  /** The person's card closed (its ✕, Escape with nothing typed, another event chosen). */
  | { type: 'close-person' }
  /** The unknown code's card closed. */
  | { type: 'close-unknown' }
  /** RESULT_MS passed since the result was shown. */
  | { type: 'expire' }
  | { type: 'walk-in' }
  | { type: 'walk-in-cancel' }
  | { type: 'type'; query: string }
  | { type: 'clear-query' }
  | { type: 'message'; message: string | null };

export const initialDoorState: DoorState = { card: { name: 'idle' }, query: '', message: null, error: null, shownAt: 0 };

/** The person whose card is open, if one is. */
export function cardPerson(card: DoorCard): string | null {
  return 'person' in card ? card.person : null;
}

/** The state a card is in, under a "Just scanned" note or not. */
const underlying = (card: DoorCard): DoorCard['name'] => (card.name === 'just-scanned' ? card.under : card.name);

/** What the person card is told (person-card.tsx): Enter acts, just done here, read again, being saved. */
export function cardFlags(card: DoorCard) {
  const state = underlying(card);
  return {
    armed: state === 'armed',
    justDone: state === 'admitted',
    repeatAt: card.name === 'just-scanned' ? card.at : null,
    busy: state === 'saving',
  };
}

export function doorReducer(state: DoorState, action: DoorAction): DoorState {
  const { card } = state;
  switch (action.type) {
    case 'open':
      return {
        ...state,
        card: { name: action.arm ? 'armed' : 'looking', person: action.person },
        query: '',
        message: null,
        error: null,
        shownAt: action.at,
      };
    case 'refuse':
      return { ...state, card: { name: 'refused', person: action.person }, query: '', message: null, error: null, shownAt: action.at };
    case 'save':
      return { ...state, card: { name: 'saving', person: action.person }, error: null };
    case 'saved': {
      if (cardPerson(card) !== action.person || underlying(card) !== 'saving') return { ...state, shownAt: action.at };
      const admitted: DoorCard = card.name === 'just-scanned' ? { ...card, under: 'admitted' } : { name: 'admitted', person: action.person };
      return { ...state, card: admitted, shownAt: action.at };
    }
    case 'save-failed':
      return { ...state, card: { name: 'looking', person: action.person }, error: action.reason };
    case 'undone':
      if (card.name === 'just-scanned') return card.under === 'admitted' ? { ...state, card: { ...card, under: 'looking' } } : state;
      return card.name === 'admitted' ? { ...state, card: { name: 'looking', person: card.person } } : state;
    case 'repeat': {
      const person = cardPerson(card);
      const under = underlying(card);
      if (!person || under === 'just-scanned' || under === 'idle' || under === 'unknown' || under === 'walk-in') {
        return { ...state, query: '', shownAt: action.at };
      }
      return { ...state, card: { name: 'just-scanned', person, at: action.at, under }, query: '', shownAt: action.at };
    }
    case 'unknown':
      return { ...state, card: { name: 'unknown', code: action.code }, shownAt: action.at };
    case 'close-person':
      return cardPerson(card) ? { ...state, card: { name: 'idle' } } : state;
    case 'close-unknown':
      return card.name === 'unknown' ? { ...state, card: { name: 'idle' } } : state;
    case 'expire':
      return card.name === 'walk-in' ? state : { ...state, card: { name: 'idle' } };
    case 'walk-in':
      return { ...state, card: { name: 'walk-in' } };
    case 'walk-in-cancel':
      return card.name === 'walk-in' ? { ...state, card: { name: 'idle' } } : state;
    case 'type':
      return { ...state, query: action.query, message: null };
    case 'clear-query':
      return { ...state, query: '' };
    case 'message':
      return { ...state, message: action.message };
  }
}
