import { type ReactNode, useId, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import './dialog.css';

/** The open dialogs, innermost last: notifications show inside the innermost one (see `useInnermostDialog`). */
let openDialogs: HTMLDialogElement[] = [];
const dialogListeners = new Set<() => void>();
const dialogsChanged = () => dialogListeners.forEach((listener) => listener());

/**
 * The innermost open dialog, or null. A modal `<dialog>` sits in the browser's top layer and makes the
 * rest of the page inert, so a notification meant to be seen and heard while it is open is rendered inside it.
 */
export function useInnermostDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(
    (listener) => {
      dialogListeners.add(listener);
      return () => dialogListeners.delete(listener);
    },
    () => openDialogs.at(-1) ?? null,
    () => null,
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

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus();
    openDialogs = [...openDialogs, dialog];
    dialogsChanged();
    return () => {
      openDialogs = openDialogs.filter((d) => d !== dialog);
      dialogsChanged();
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
      onCancel={(event) => {
        // Escape: the dialog asks to be cancelled; its owner closes it (unmounts it).
        event.preventDefault();
        close.current();
      }}
      // Closed by the browser itself (a second Escape it does not let the page cancel): the owner follows.
      onClose={() => close.current()}
    >
      <div className="dialog__backdrop" data-testid="drawer-backdrop" aria-hidden="true" onMouseDown={() => closeOnBackdrop && close.current()} />
      <div className="dialog__panel">
        <div className="dialog__head">
          {icon}
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label="Close" onClick={() => close.current()}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
