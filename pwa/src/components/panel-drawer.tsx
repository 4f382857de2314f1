import { type ReactNode, useEffect, useId, useRef } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A panel sliding in from the right (seed 001 §9: 760 wide for forms, 500 for the enquiry status).
 * Escape and a click on the backdrop close it; focus moves into it, stays inside, and returns to
 * what had it before.
 */
export function PanelDrawer({
  open,
  title,
  width = 760,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  width?: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), textarea:not([disabled])');
    (first ?? node)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeRef.current();
      } else if (event.key === 'Tab' && node) {
        const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const firstEl = focusable[0];
        const lastEl = focusable[focusable.length - 1];
        if (!firstEl || !lastEl) return;
        if (event.shiftKey && document.activeElement === firstEl) {
          event.preventDefault();
          lastEl.focus();
        } else if (!event.shiftKey && document.activeElement === lastEl) {
          event.preventDefault();
          firstEl.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="panel-drawer">
      <div className="panel-drawer__backdrop" data-testid="drawer-backdrop" onClick={() => closeRef.current()} aria-hidden="true" />
      <div
        ref={panel}
        className="panel-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width: `min(${width}px, 100vw)` }}
      >
        <header className="panel-drawer__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="panel-icon-button" aria-label="Close" onClick={() => closeRef.current()}>
            ×
          </button>
        </header>
        <div className="panel-drawer__body">{children}</div>
      </div>
    </div>
  );
}
