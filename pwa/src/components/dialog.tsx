import { createContext, type ReactNode, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ConfirmQuestion } from './confirm-host';
import { dialogOpened } from './dialog-stack';

/** What a form inside a dialog tells it: whether it holds unsaved changes, and a way to ask to close. */
interface DialogChanges {
  /** How to tell, at the moment a close is asked for, whether the form has unsaved changes. */
  watch(hasChanges: () => boolean): () => void;
  requestClose(): void;
}
const DialogChangesContext = createContext<DialogChanges | null>(null);

const DISCARD_TITLE = 'Discard changes?';
const DISCARD_TEXT = 'You have unsaved changes. If you leave now, they will be lost.';

/**
 * A form's unsaved-changes guard: while `unsaved` is true, Escape, a click on the backdrop, the close
 * button and the form's Cancel ask before the changes are thrown away (leaving the page: `LeaveGuard`); an
 * unchanged form closes at once. Answers what the form's Cancel does: ask the dialog holding it to close (or `onClose`
 * when it is not in one).
 */
export function useUnsavedChanges(unsaved: boolean, onClose: () => void): () => void {
  const dialog = useContext(DialogChangesContext);
  // Read when a close is asked for, so a key pressed right after typing already counts the typing.
  const latest = useRef(unsaved);
  latest.current = unsaved;
  useEffect(() => dialog?.watch(() => latest.current), [dialog]);
  return () => (dialog ? dialog.requestClose() : onClose());
}

/** The question before unsaved changes are thrown away: Keep editing (nothing happens) or Discard. */
export function DiscardChangesDialog({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <ConfirmDialog title={DISCARD_TITLE} text={DISCARD_TEXT} cancelLabel="Keep editing" confirmLabel="Discard" danger onCancel={onKeep} onConfirm={onDiscard} />
  );
}

/**
 * The app's one yes/no question (never `window.confirm`, which blocks the page, cannot be styled or
 * read aloud in the app's words, and which a kiosk browser may suppress): Cancel, or the named action.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  pending = false,
  onCancel,
  onConfirm,
}: ConfirmQuestion & { pending?: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog title={title} onClose={onCancel}>
      {typeof text === 'string' ? <p>{text}</p> : text}
      <div className="panel-form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'button button--danger' : 'button button--primary'}
          disabled={pending}
          aria-busy={pending}
          data-testid="confirm-action"
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** `centred` (the public site's popups) or `sheet` (the panel's side sheet, `width` px wide at most). */
  placement?: 'centred' | 'sheet';
  width?: number;
  icon?: ReactNode;
  /** Whether a tap outside the dialog closes it (not while it holds something the person typed). */
  closeOnBackdrop?: boolean;
}

/**
 * A modal dialog on the native `<dialog>` element (`showModal()`): the browser keeps focus inside and
 * makes the page behind inert; Escape and the close button close it; focus moves to its first field (else
 * its close button) on open and returns to what had it before on close; the page behind does not scroll
 * (dialog.css). Its owner renders it to open it and unmounts it to close it.
 */
export function Dialog({ title, onClose, children, placement = 'centred', width, icon, closeOnBackdrop = true }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const [asking, setAsking] = useState(false);
  const hasChanges = useRef<() => boolean>(() => false);
  const changes = useRef<DialogChanges>({
    watch: (check) => {
      hasChanges.current = check;
      return () => {
        if (hasChanges.current === check) hasChanges.current = () => false;
      };
    },
    requestClose: () => (hasChanges.current() ? setAsking(true) : close.current()),
  }).current;
  const requestClose = changes.requestClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus();
    const closed = dialogOpened(dialog);
    return () => {
      closed();
      if (dialog.open) dialog.close();
      before?.focus?.();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      // The element's own role, stated for the selectors that look for it (`[role="dialog"]`).
      // biome-ignore lint/a11y/noRedundantRoles: stated on purpose, see above
      role="dialog"
      className={`dialog dialog--${placement}`}
      style={width ? { width: `min(${width}px, 100vw)` } : undefined}
      aria-labelledby={titleId}
      // A dialog opened inside this one (the discard question) sends its own events through React's tree:
      // only this element's own events are its.
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        // Escape: the dialog asks to be cancelled; its owner closes it (unmounts it), after asking when a form in it has changes.
        event.preventDefault();
        requestClose();
      }}
      // Closed by the browser itself (an Escape it does not let the page cancel, e.g. a second one with no
      // click or key in between): the owner follows, unless a form in it has changes — then it stays open and asks.
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        if (!hasChanges.current()) return close.current();
        event.currentTarget.showModal();
        setAsking(true);
      }}
    >
      <div className="dialog__backdrop" data-testid="drawer-backdrop" aria-hidden="true" onMouseDown={() => closeOnBackdrop && requestClose()} />
      <div className="dialog__panel">
        <div className="dialog__head">
          {icon}
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label="Close" onClick={requestClose}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="dialog__body">
          <DialogChangesContext.Provider value={changes}>{children}</DialogChangesContext.Provider>
        </div>
      </div>
      {asking ? (
        <DiscardChangesDialog
          onKeep={() => setAsking(false)}
          onDiscard={() => {
            setAsking(false);
            close.current();
          }}
        />
      ) : null}
    </dialog>
  );
}
