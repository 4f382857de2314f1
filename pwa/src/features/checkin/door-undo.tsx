import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../components/toasts';
import { changeStatus } from '../../offline/checkin-outbox';
import { refreshOutbox, syncNow } from '../../offline/checkin-sync';
import type { RosterPerson } from '../../offline/checkin-types';
import { doorStatusLabel } from './flow';

/** How long the last action can be undone. */
export const UNDO_MS = 10_000;

/**
 * The last status change made here: undoable for UNDO_MS by a change back (an operation of its own). A
 * walk-in registered here (`walkIn`) had no status before: undoing it cancels the registration.
 */
export interface LastAction {
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
export const doneLabel = (status: string) => DONE_LABELS[status] ?? doorStatusLabel(status);

type Actor = Parameters<typeof changeStatus>[2];

/**
 * The door's undo: the last action (`remember` it, `forget` it), the change back, and the seconds left
 * (ticking while there are any). `started` is told as an undo begins, `finished` once it is saved or failed.
 */
export function useUndo(actor: Actor, started: () => void, finished: () => void) {
  const [last, setLast] = useState<LastAction | null>(null);
  const [now, setNow] = useState(() => Date.now());

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

  const undo = useCallback(async () => {
    const action = last;
    if (!action || Date.now() - action.at >= UNDO_MS) return;
    setLast(null);
    started();
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
      finished();
    }
  }, [last, actor, started, finished]);

  const secondsLeft = last ? Math.max(0, Math.ceil((last.at + UNDO_MS - now) / 1000)) : 0;
  return { last, remember: setLast, forget: () => setLast(null), undo, secondsLeft };
}

/** The line that offers to undo the last action, while it can be. */
export function UndoBar({ last, secondsLeft, onUndo }: { last: LastAction | null; secondsLeft: number; onUndo(): void }) {
  if (!last || secondsLeft <= 0) return null;
  return (
    <div className="ci-undo" data-testid="undo-bar">
      <span className="ci-undo-text">
        <strong>{doneLabel(last.to)}</strong> <span>{last.person.name}</span>
      </span>
      <button type="button" className="ci-button ci-button--small" onClick={onUndo} data-testid="undo">
        Undo <span className="ci-muted">({secondsLeft} s)</span>
      </button>
    </div>
  );
}
