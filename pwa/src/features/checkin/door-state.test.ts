// The door's state machine (door-state.ts) on its own: each read, save and time-out moves the card to the
// named state the door screen draws, and the person card's flags follow from that state alone.
import { describe, expect, it } from 'vitest';
import { cardFlags, type DoorAction, type DoorState, doorReducer, initialDoorState } from './door-state';

const run = (...actions: DoorAction[]): DoorState => actions.reduce(doorReducer, initialDoorState);
const ann = 'visitors:ann';

describe('the door state machine', () => {
  it('a scan that admits: idle → saving → admitted; a repeat within the window is just-scanned over it', () => {
    const saving = run({ type: 'open', person: ann, arm: false, at: 1 }, { type: 'save', person: ann });
    expect(saving.card).toEqual({ name: 'saving', person: ann });
    expect(cardFlags(saving.card)).toMatchObject({ busy: true, armed: false });
    const admitted = doorReducer(saving, { type: 'saved', person: ann, at: 2 });
    expect(admitted.card).toEqual({ name: 'admitted', person: ann });
    const again = doorReducer(admitted, { type: 'repeat', at: 3 });
    expect(again.card).toEqual({ name: 'just-scanned', person: ann, at: 3, under: 'admitted' });
    expect(cardFlags(again.card)).toEqual({ armed: false, justDone: true, repeatAt: 3, busy: false });
  });

  it('"Confirm each person": the read arms the card; Enter saves; a failed save says why and disarms', () => {
    const armed = run({ type: 'type', query: 'EP-1' }, { type: 'open', person: ann, arm: true, at: 1 });
    expect(armed).toMatchObject({ card: { name: 'armed', person: ann }, query: '', message: null });
    const failed = run({ type: 'open', person: ann, arm: true, at: 1 }, { type: 'save', person: ann }, { type: 'save-failed', person: ann, reason: 'gone' });
    expect(failed).toMatchObject({ card: { name: 'looking', person: ann }, error: 'gone' });
    expect(cardFlags(failed.card).armed).toBe(false);
  });

  it('an unknown code replaces the last card; closing a person card leaves it; the time-out clears it', () => {
    const unknown = run({ type: 'open', person: ann, arm: false, at: 1 }, { type: 'unknown', code: 'ZZZ', at: 2 });
    expect(unknown.card).toEqual({ name: 'unknown', code: 'ZZZ' });
    expect(doorReducer(unknown, { type: 'close-person' }).card.name).toBe('unknown');
    expect(doorReducer(unknown, { type: 'expire' }).card.name).toBe('idle');
  });

  it('a refused pass, a walk-in that outlives the time-out, and an undo that takes "just done" away', () => {
    expect(run({ type: 'refuse', person: ann, at: 1 }).card).toEqual({ name: 'refused', person: ann });
    const walkIn = run({ type: 'walk-in' }, { type: 'expire' });
    expect(walkIn.card.name).toBe('walk-in');
    expect(doorReducer(walkIn, { type: 'walk-in-cancel' }).card.name).toBe('idle');
    const undone = run(
      { type: 'open', person: ann, arm: false, at: 1 },
      { type: 'save', person: ann },
      { type: 'saved', person: ann, at: 2 },
      { type: 'undone' },
    );
    expect(undone.card).toEqual({ name: 'looking', person: ann });
  });
});
