import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { RegistrationType } from './registration/registration-types';
import { useSite } from './site-data';

/** The dropdown's choices (seed 000 §2): what it says, and the registration type it reports. */
export const REGISTER_CHOICES: ReadonlyArray<readonly [string, RegistrationType]> = [
  ['Visitor Registration', 'Visitor Registration'],
  ['Nominate for Award', 'Awards Registration'],
  ['Book a Stall', 'Book a Stall'],
  ['Sponsor Registration', 'Sponsor Registration'],
];

const MENU_ANCHORS = [
  ['about', 'About'],
  ['schedule', 'Schedule'],
  ['jury', 'Jury'],
  ['contact', 'Contact'],
] as const;

function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}

export function SiteHeader({ onChoose }: { onChoose: (type: RegistrationType) => void }) {
  const { contactPhone } = useSite();
  const dark = useScrolledPast(50);
  const [open, setOpen] = useState(false);
  const [menu, setMenu] = useState(false);
  const dropdown = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const menuId = useId();

  useEffect(() => {
    if (!open && !menu) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (open) toggle.current?.focus();
      setOpen(false);
      setMenu(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (open && !dropdown.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, menu]);

  return (
    <header className={dark ? 'site-header site-header--dark' : 'site-header'} data-scrolled={dark ? 'true' : 'false'}>
      <div className="site-header__bar">
        <Link to="/" className="site-header__home" aria-label="Home">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          <span className="site-header__home-text">Home</span>
        </Link>
        <Link to="/" className="site-header__logo">
          <img src="/images/logo.svg" alt="EventPro Property Expo" width="132" height="36" />
        </Link>
        {contactPhone ? (
          <a className="site-header__tel" href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2" fill="currentColor" />
            </svg>
            <span>{contactPhone}</span>
          </a>
        ) : null}
        <div
          ref={dropdown}
          className="site-header__dropdown"
          onPointerLeave={(event) => event.pointerType === 'mouse' && setOpen(false)}
        >
          <button
            ref={toggle}
            type="button"
            className="site-header__register"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
          >
            REGISTER NOW
          </button>
          <ul id={listId} className="site-header__choices" hidden={!open}>
            {REGISTER_CHOICES.map(([label, type]) => (
              <li key={label}>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    onChoose(type);
                  }}
                >
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <button
          type="button"
          className="site-header__menu"
          aria-expanded={menu}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={() => setMenu((value) => !value)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav id={menuId} className="site-header__side" aria-label="Site menu" hidden={!menu}>
        <ul>
          {MENU_ANCHORS.map(([id, label]) => (
            <li key={id}>
              <Link
                to="/"
                hash={id}
                onClick={() => {
                  setMenu(false);
                  // The sections below the fold load on demand: ask for them (no-op once they are there).
                  window.dispatchEvent(new CustomEvent('eventpro:sections', { detail: id }));
                }}
              >
                {label}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/passes" onClick={() => setMenu(false)}>
              My passes
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
