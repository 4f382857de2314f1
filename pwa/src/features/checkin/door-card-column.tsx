import type { Actor } from '../../offline/checkin-outbox';
import { personKey } from '../../offline/roster-search-index';
import { UnknownCard } from './door-cards';
import { cardFlags } from './door-state';
import { UndoBar } from './door-undo';
import { PersonCard } from './person-card';
import type { useDoor } from './use-door';
import { WalkInForm } from './walk-in-form';

/**
 * The door's card column under the search box: the undo bar, then the one card the door's state shows (a
 * walk-in's form, a person, an unknown code) or, with nothing typed, what the door waits for (`empty`).
 */
export function DoorCardColumn({
  door,
  eventId,
  actor,
  myDevice,
  organiser,
  eventName,
  hidePersonalData,
  empty,
}: {
  door: ReturnType<typeof useDoor>;
  eventId: string | null | undefined;
  actor: Actor;
  myDevice: string | null;
  organiser: boolean;
  eventName: string | undefined;
  hidePersonalData: boolean;
  empty: string;
}) {
  const { state, dispatch, person, focusSearch, open, perform, undo } = door;
  const { card, query } = state;
  const walkIn = card.name === 'walk-in';
  return (
    <>
      <UndoBar last={undo.last} secondsLeft={undo.secondsLeft} onUndo={() => void undo.undo()} />
      {walkIn && eventId ? (
        <WalkInForm
          eventId={eventId}
          actor={actor}
          onDone={(p) => {
            // Registered at the desk and standing there: Enter checks them in. A registration made
            // by mistake can be undone like any other action.
            open(p, true);
            undo.remember({ person: { eventId: p.eventId, kind: p.kind, id: p.id, name: p.name }, from: '', to: p.status, at: Date.now(), walkIn: true });
            focusSearch();
          }}
          onCancel={() => {
            dispatch({ type: 'walk-in-cancel' });
            focusSearch();
          }}
        />
      ) : person ? (
        // Keyed by person: the next person's card starts closed ("Other status" folded), not as the last was left.
        <PersonCard
          key={personKey(person)}
          person={person}
          myDevice={myDevice}
          {...cardFlags(card)}
          organiser={organiser}
          hidePersonalData={hidePersonalData}
          error={state.error}
          onAction={(status) => void perform(person, status)}
          eventName={eventName}
          onClose={() => {
            dispatch({ type: 'close-person' });
            focusSearch();
          }}
        />
      ) : card.name === 'unknown' ? (
        <UnknownCard
          code={card.code}
          onClose={() => {
            dispatch({ type: 'close-unknown' });
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
    </>
  );
}
