// Kiosk mode: an optional PIN, kept on this device, that guards leaving the door and changing how it works
// (the panel, logout, settings with the event and the switches, "Confirm each person") — so a tablet left at
// the gate admits people and does nothing else. Only a hash of the PIN is stored (localStorage). A correct
// PIN opens the guarded things for UNLOCK_MS; a scan or the time locks them again.
import { type FormEvent, useCallback, useState, useSyncExternalStore } from 'react';
import { Dialog } from '../../components/dialog';

const KEY = 'eventpro.door.pinHash';
/** How long a correct PIN opens the guarded things. */
const UNLOCK_MS = 60_000;
const PIN_RULE = /^\d{4,8}$/;

const listeners = new Set<() => void>();
let unlockedUntil = 0;

const stored = () => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
};

async function hashOf(pin: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`eventpro-door-pin:${pin}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function tell() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a PIN guards this door now (set, and not opened by a correct PIN in the last minute). */
const isLocked = () => stored() !== null && Date.now() >= unlockedUntil;

/** Sets the door's PIN (4 to 8 digits), or removes it with `null`. */
export async function setDoorPin(pin: string | null): Promise<void> {
  try {
    if (pin === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, await hashOf(pin));
  } catch {
    // storage refused: the door stays as it was
  }
  unlockedUntil = 0;
  tell();
}

/** Locks the guarded things again at once (a scan at the gate does). */
export function lockDoor(): void {
  if (unlockedUntil === 0) return;
  unlockedUntil = 0;
  tell();
}

/**
 * The door's kiosk lock: `guard(run)` runs `run` at once when no PIN guards the door, else asks for the PIN
 * first; `prompt` is the PIN dialog to render while it asks.
 */
export function useKioskLock() {
  const hasPin = useSyncExternalStore(subscribe, () => stored() !== null);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guard = useCallback((run: () => void) => {
    if (!isLocked()) run();
    else setPending(() => run);
  }, []);
  const prompt = pending ? (
    <PinDialog
      onCancel={() => setPending(null)}
      onUnlocked={() => {
        const run = pending;
        setPending(null);
        run();
      }}
    />
  ) : null;
  return { hasPin, guard, prompt };
}

function PinDialog({ onCancel, onUnlocked }: { onCancel(): void; onUnlocked(): void }) {
  const [pin, setPin] = useState('');
  const [wrong, setWrong] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await hashOf(pin)) !== stored()) {
      setWrong(true);
      setPin('');
      return;
    }
    unlockedUntil = Date.now() + UNLOCK_MS;
    tell();
    onUnlocked();
  };
  return (
    <Dialog title="Enter the door's PIN" onClose={onCancel}>
      <form className="ci-pin" onSubmit={(e) => void submit(e)}>
        <label>
          <span>PIN</span>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={pin}
            onChange={(e) => {
              setPin(e.target.value.replace(/\D/g, '').slice(0, 8));
              setWrong(false);
            }}
            aria-invalid={wrong}
            aria-describedby={wrong ? 'ci-pin-wrong' : undefined}
            data-testid="door-pin-input"
          />
        </label>
        {wrong && (
          <p id="ci-pin-wrong" className="ci-note ci-note--warn" role="alert">
            Wrong PIN. Ask the organiser who set this door up.
          </p>
        )}
        <button type="submit" className="ci-button" disabled={pin.length < 4}>
          Unlock
        </button>
      </form>
    </Dialog>
  );
}

/** Door settings: set, change or remove the kiosk PIN (reached only through the PIN when one is set). */
export function DoorPinField() {
  const [pin, setPin] = useState('');
  const hasPin = useSyncExternalStore(subscribe, () => stored() !== null);
  const valid = PIN_RULE.test(pin);
  return (
    <form
      className="ci-device-name"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        void setDoorPin(pin).then(() => setPin(''));
      }}
    >
      <label htmlFor="ci-door-pin">Kiosk PIN</label>
      <input
        id="ci-door-pin"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        value={pin}
        placeholder={hasPin ? 'Set: type a new one' : '4 to 8 digits'}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 8))}
        data-testid="door-pin-setting"
      />
      <button type="submit" className="ci-button ci-button--small" disabled={!valid}>
        {hasPin ? 'Change PIN' : 'Set PIN'}
      </button>
      {hasPin && (
        <button type="button" className="ci-button ci-button--small ci-button--quiet" onClick={() => void setDoorPin(null)}>
          Remove PIN
        </button>
      )}
    </form>
  );
}
