import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A row's less frequent actions (Delete, …) behind one "⋯" button, so the actions column stays narrow
 * enough for a tablet to show the record's identity and status beside it. A WAI-ARIA menu button: Enter,
 * Space or ArrowDown open it on its first item, ArrowUp on its last; arrows, Home and End move; Escape or
 * Tab close it (Escape returns to the button, Tab goes on from it). The list is placed against the window
 * (`position: fixed`) in a portal to the panel's frame: inside the table, the scrolling box would cut it off
 * and the rows below (their sticky action cells) would paint over it.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [place, setPlace] = useState<{ top: number; right: number; focus: 'first' | 'last' } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const open = (focus: 'first' | 'last') => {
    const box = button.current?.getBoundingClientRect();
    if (!box) return;
    // Below the button, or above it when the window has no room below.
    const height = items.length * 40 + 8;
    const top = box.bottom + 4 + height > window.innerHeight ? Math.max(4, box.top - 4 - height) : box.bottom + 4;
    setPlace({ top, right: Math.max(4, window.innerWidth - box.right), focus });
  };
  const close = (returnFocus: boolean) => {
    setPlace(null);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!place) return;
    const entries = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? [])];
    (place.focus === 'first' ? entries[0] : entries.at(-1))?.focus();
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && (menu.current?.contains(target) || button.current?.contains(target))) return;
      setPlace(null);
    };
    // A scroll or resize moves the button away from the list: close rather than float elsewhere.
    const away = () => setPlace(null);
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('scroll', away, true);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('scroll', away, true);
      window.removeEventListener('resize', away);
    };
  }, [place]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role=menuitem]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(entries.length - 1);
    else if (event.key === 'Escape') close(true);
    // Back on the button, so the Tab itself moves on to what follows it in the row.
    else if (event.key === 'Tab') close(true);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--ghost button--small panel-row-menu__button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={place !== null}
        aria-controls={place ? menuId : undefined}
        onClick={() => (place ? close(false) : open('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            open(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {place
        ? createPortal(
            <div
              ref={menu}
              id={menuId}
              role="menu"
              aria-label={label}
              className="panel-row-menu"
              style={{ top: place.top, right: place.right }}
              onKeyDown={onMenuKey}
            >
              {items.map((item) => (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={item.danger ? 'panel-row-menu__item panel-row-menu__item--danger' : 'panel-row-menu__item'}
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              ))}
            </div>,
            // In the panel's frame (its theme's colours), outside the table.
            button.current?.closest('.panel-app') ?? document.body,
          )
        : null}
    </>
  );
}
