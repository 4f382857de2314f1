// What the door (and an exhibitor's scan screen) does besides the screen when it admits or refuses someone: a short sound (made with the
// Web Audio API's oscillators: no audio file to download or cache) and a vibration. Each has a switch
// kept on the device (localStorage), so a quiet hall or a personal phone can turn it off.
import { useCallback, useSyncExternalStore } from 'react';

/** Admitted, refused, or the same pass read again within the double-read window (counted once, never silent). */
export type Tone = 'ok' | 'bad' | 'same';

/** The door's switches, remembered on this device. Missing means the default. */
const DOOR_SETTINGS = {
  /** Off (the default): a read of an admissible pass admits at once. On: the card opens, Enter or a tap admits. */
  confirmEach: { key: 'eventpro.door.confirmEach', default: false },
  /** Names only on cards and results: no mobile numbers (a screen the queue can see). */
  hidePersonalData: { key: 'eventpro.door.hidePersonalData', default: false },
  sound: { key: 'eventpro.door.sound', default: true },
  flash: { key: 'eventpro.door.flash', default: true },
} as const;
export type DoorSetting = keyof typeof DOOR_SETTINGS;

const settingListeners = new Set<() => void>();

function readSetting(name: DoorSetting): boolean {
  try {
    const raw = localStorage.getItem(DOOR_SETTINGS[name].key);
    return raw === null ? DOOR_SETTINGS[name].default : raw === '1';
  } catch {
    return DOOR_SETTINGS[name].default;
  }
}

function writeSetting(name: DoorSetting, on: boolean) {
  try {
    localStorage.setItem(DOOR_SETTINGS[name].key, on ? '1' : '0');
  } catch {
    // storage refused: the switch still holds for this page
  }
  for (const listener of settingListeners) listener();
}

function subscribeSettings(listener: () => void) {
  settingListeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('eventpro.door.')) listener();
  };
  window.addEventListener('storage', onStorage); // another tab changed a switch
  return () => {
    settingListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** One remembered switch of the door, and its setter. */
export function useDoorSetting(name: DoorSetting): [boolean, (on: boolean) => void] {
  const value = useSyncExternalStore(
    subscribeSettings,
    () => readSetting(name),
    () => DOOR_SETTINGS[name].default,
  );
  const set = useCallback((on: boolean) => writeSetting(name, on), [name]);
  return [value, set];
}

// ---------------------------------------------------------------------------------------------------

type AudioContextCtor = typeof AudioContext;
let audio: AudioContext | undefined;

/**
 * Whether the page may sound or vibrate yet: browsers allow both only after the user has interacted with
 * the page (a tap or a key, a scanner's Enter included); before that they refuse with a console warning.
 */
function activated(): boolean {
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : true;
}

/**
 * The page's one audio context, made (or resumed) on demand. Browsers only let it sound after a user
 * gesture; a scanner's Enter is one, so the first read unlocks it for the camera's reads after.
 */
function audioContext(): AudioContext | undefined {
  if (!audio && !activated()) return undefined;
  const Ctor = (window.AudioContext ?? (window as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext) as AudioContextCtor | undefined;
  if (!Ctor) return undefined;
  try {
    audio ??= new Ctor();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
    return audio;
  } catch {
    return undefined;
  }
}

/** [frequency Hz, start s, length s] of each note: two rising notes admit, two low buzzes refuse, one soft blip repeats. */
const NOTES: Record<Tone, { type: OscillatorType; notes: Array<[number, number, number]> }> = {
  ok: {
    type: 'sine',
    notes: [
      [880, 0, 0.09],
      [1320, 0.1, 0.14],
    ],
  },
  bad: {
    type: 'square',
    notes: [
      [220, 0, 0.16],
      [175, 0.2, 0.24],
    ],
  },
  same: { type: 'triangle', notes: [[660, 0, 0.12]] },
};

/** A short sound for `tone` (well under half a second). */
export function playTone(tone: Tone): void {
  const context = audioContext();
  if (!context) return;
  const { type, notes } = NOTES[tone];
  for (const [frequency, start, length] of notes) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = type;
    oscillator.frequency.value = frequency;
    const at = context.currentTime + start;
    // A quick rise and an exponential fall: no click at either end.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(tone === 'bad' ? 0.15 : 0.3, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  }
}

/** One short pulse admits; three refuse; two taps say "read already" (felt in a pocket or a noisy hall). */
const VIBRATION: Record<Tone, number[]> = { ok: [80], bad: [180, 90, 180, 90, 180], same: [30, 60, 30] };

export function vibrate(tone: Tone): void {
  if (!activated()) return;
  try {
    navigator.vibrate?.(VIBRATION[tone]);
  } catch {
    // not allowed here (no user gesture yet, or an iframe)
  }
}
