import { Component, type ReactNode, useState } from 'react';
import { startAsNewDevice } from '../../offline/device-revocation';
import type { Tone } from '../../lib/scan-feedback';
import type { Flash } from './use-door';

const FLASH_MARKS: Record<Tone, string> = { ok: '✓', bad: '✕', same: '↻' };

/** What a revoked device shows instead of the door: what happened, and how to set it up again. */
export function RevokedDevice() {
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

/**
 * What the door shows when it cannot go on (the door route's error screen, loaded with the door itself so
 * it is there offline): most often the browser's site data was cleared while the device was offline, which
 * takes the roster, the waiting changes and the app's saved files with it. Says what happened and how to
 * get the door back.
 */
export function DoorError({ error, reset }: { error: unknown; reset(): void }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <section className="panel-screen ci-screen" aria-labelledby="ci-error-title" data-testid="door-error">
      <div className="ci-card ci-card--refused">
        <h1 id="ci-error-title">The door stopped</h1>
        <p>
          This device could not go on with the door. If this browser’s site data was cleared while it was offline (by someone, or by the browser to free space),
          the roster and any changes still waiting on it are gone from this device.
        </p>
        <p>
          To get the door back: connect to the network, then reload. The roster downloads again and you sign in once more; until then, check passes on another
          device.
        </p>
        <p className="ci-muted ci-small">What failed: {detail}</p>
        <button type="button" className="ci-button" onClick={() => window.location.reload()}>
          Reload
        </button>{' '}
        <button type="button" className="ci-button ci-button--quiet" onClick={reset}>
          Try again
        </button>
      </div>
    </section>
  );
}

/**
 * The door's error boundary: a failure anywhere in the door shows `DoorError` instead of the router's raw
 * error screen. It lives in the door's own chunk (not in the route tree, which every panel page loads), so
 * it is there offline once the door was shown, and the panel's first load carries none of it.
 */
export class DoorErrorBoundary extends Component<{ children: ReactNode }, { failure: { error: unknown } | null }> {
  override state: { failure: { error: unknown } | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <DoorError error={failure.error} reset={() => this.setState({ failure: null })} /> : this.props.children;
  }
}

/** A code no one on this device's roster has: red, in place of the last person's card. */
export function UnknownCard({ code, onClose }: { code: string; onClose(): void }) {
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

/** The frame and band around the screen after a read: green, red or amber ("just scanned"). */
export function DoorFlash({ flash }: { flash: Flash | null }) {
  if (!flash) return null;
  return (
    <div key={flash.id} className={`ci-flash ci-flash--${flash.tone}`} aria-hidden="true" data-testid="door-flash" data-tone={flash.tone}>
      <div className="ci-flash-band">
        <span className="ci-flash-mark">{FLASH_MARKS[flash.tone]}</span>
        <strong>{flash.title}</strong>
        <span className="ci-flash-detail">{flash.detail}</span>
      </div>
    </div>
  );
}

/** One of the door's on/off settings: a switch beside its words. */
export function DoorSwitch({ label, on, onChange, testId }: { label: string; on: boolean; onChange(on: boolean): void; testId: string }) {
  return (
    <label className="ci-switch">
      <input type="checkbox" role="switch" aria-checked={on} checked={on} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>{label}</span>
    </label>
  );
}
