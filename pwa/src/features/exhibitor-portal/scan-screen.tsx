import { deviceHasNetwork } from '@pwa/lib/server-reachability';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { normalisePassCode } from '../../offline/pass-code-match';
import { CameraScan, PhotoScan, useHasCamera } from '../../components/camera-scan';
import { ScannerInput } from '../../components/scanner-input';
import { playTone, type Tone, vibrate } from '../../lib/scan-feedback';
import { recordLeadChange, useLeadSync } from './lead-sync';
import { bookingQuery, meQuery } from './portal-queries';

/** The same pass read again within this long is one read ("Just scanned"), as at the door. */
const SAME_READ_MS = 3000;
/** A pass code as its QR code carries it (edge/lib/pass-code.ts). */
const PASS_CODE = /^[0-9A-HJKMNP-TV-Z]{12}$/;

type Result = { tone: Tone; title: string; detail: string; at: number };

/**
 * Lead capture at the stall (issue 32): a read of a visitor's pass — the camera, a photo, or a
 * keyboard-wedge scanner typing the code and Enter into the box — records a lead at once, with the door's
 * tone, vibration and coloured frame, online or not. The phone holds no roster: it queues the code, and
 * learns who the visitor is (if they share their details) once the scan has synced.
 */
export function ScanScreen() {
  const me = useQuery(meQuery());
  const booking = useQuery(bookingQuery());
  const sync = useLeadSync();
  const hasCamera = useHasCamera();
  const [camera, setCamera] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const eventId = booking.data?.event?.id ?? '';
  const name = me.data?.name ?? '';

  const show = useCallback((tone: Tone, title: string, detail: string) => {
    playTone(tone);
    vibrate(tone);
    setResult({ tone, title, detail, at: Date.now() });
  }, []);

  // Which read the screen answers: a scan's own answer waits for the phone to save it, and must not replace
  // the answer to a read made since (a repeat's "Just scanned", the next pass).
  const reads = useRef(0);
  const read = useCallback(
    async (raw: string) => {
      const mine = ++reads.current;
      const passCode = normalisePassCode(raw);
      if (!PASS_CODE.test(passCode)) {
        show('bad', 'Not a pass', 'This code is not a visitor’s pass. Scan the QR code on their pass.');
        return;
      }
      const now = Date.now();
      if (last.current?.code === passCode && now - last.current.at < SAME_READ_MS) {
        last.current.at = now;
        show('same', 'Just scanned', 'This pass was read a moment ago: it is one lead.');
        return;
      }
      last.current = { code: passCode, at: now };
      try {
        await recordLeadChange(eventId, { kind: 'scan', passCode }, name);
        if (mine !== reads.current) return;
        show('ok', 'Lead recorded', deviceHasNetwork() ? 'Their details arrive in Leads in a moment.' : 'Saved on this phone: it syncs when you are online.');
      } catch {
        show('bad', 'Not saved', 'This phone could not save the scan. Try again.');
      }
    },
    [eventId, name, show],
  );

  // A wedge scanner types into whatever has the focus: the box takes it when the screen opens, as the door's does.
  useEffect(() => input.current?.focus(), []);

  // A result stays until the next read or 30 s, as at the door.
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(null), 30_000);
    return () => clearTimeout(timer);
  }, [result]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const typed = code;
    setCode('');
    if (typed.trim()) void read(typed);
  };
  const onCameraCode = useCallback((value: string) => void read(value), [read]);

  return (
    <section className="portal-card lead-scan" aria-labelledby="scan-title" data-testid="lead-scan">
      <h2 id="scan-title">Scan a visitor’s pass</h2>
      <div className={`lead-scan__frame${result ? ` lead-scan__frame--${result.tone}` : ''}`} role="status" aria-live="polite" data-tone={result?.tone ?? ''}>
        {result ? (
          <>
            <strong className="lead-scan__title">{result.title}</strong>
            <span>{result.detail}</span>
          </>
        ) : (
          <span className="panel-muted">Point the camera at the pass’s QR code, or scan it with a scanner.</span>
        )}
      </div>
      <label className="lead-scan__label" htmlFor="lead-code">
        Pass code (a scanner types it here)
      </label>
      <ScannerInput
        ref={input}
        id="lead-code"
        takes="code"
        className="input lead-scan__input"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="lead-scan__tools">
        {hasCamera ? (
          <button type="button" className="button button--primary" onClick={() => setCamera((on) => !on)}>
            {camera ? 'Close camera' : 'Scan with camera'}
          </button>
        ) : null}
        <PhotoScan onCode={onCameraCode} onMiss={(message) => show('bad', 'No code found', message)} label="Scan from photo" />
      </div>
      {camera ? <CameraScan onCode={onCameraCode} onClose={() => setCamera(false)} /> : null}
      <p className="lead-scan__sync" data-testid="lead-sync" data-waiting={sync.waiting}>
        {sync.waiting === 0
          ? 'Every scan is synced.'
          : `${sync.waiting} ${sync.waiting === 1 ? 'change waits' : 'changes wait'} on this phone${sync.online ? ': sending…' : ' for the network'}.`}
        {sync.refused.length ? ` ${sync.refused.length} refused: see Leads.` : ''}
      </p>
    </section>
  );
}
