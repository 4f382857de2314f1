import { type MouseEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { LanguageSwitch } from './i18n/language-switch';
import { useLocale } from './i18n/locale';
import type { RegistrationType } from './registration/registration-types';
import { useSite } from './site-data';

/**
 * The dropdown's choices: what it says, the registration type it reports, and where it leads before the
 * app has started (each has a page of its own, or the packages for sponsors).
 */
const REGISTER_CHOICES: ReadonlyArray<readonly [string, RegistrationType, string]> = [
  ['Visitor Registration', 'Visitor Registration', '/visitor-registration'],
  ['Nominate for Award', 'Awards Registration', '/awards-registration'],
  ['Book a Stall', 'Book a Stall', '/stall-registration'],
  ['Sponsor Registration', 'Sponsor Registration', '/#packages'],
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

/**
 * The dropdown and the side menu are <details> elements: they open and close from the first paint, before
 * (or without) the app's script. Once the app runs, Escape, a tap elsewhere and the mouse leaving close
 * them, and a choice opens the registration popup instead of its page.
 */
function useClosingDetails(...refs: Array<RefObject<HTMLDetailsElement | null>>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs are stable objects; listeners are set once per mount
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      for (const ref of refs) {
        if (!ref.current?.open) continue;
        ref.current.open = false;
        ref.current.querySelector('summary')?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      for (const ref of refs) if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
    // The refs are stable objects: registered once.
  }, []);
}

export function SiteHeader({ onChoose }: { onChoose: (type: RegistrationType) => void }) {
  const { contactPhone } = useSite();
  const dark = useScrolledPast(50);
  const dropdown = useRef<HTMLDetailsElement>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const language = useRef<HTMLDetailsElement>(null);
  useClosingDetails(dropdown, menu, language);
  const { t, href: localHref } = useLocale();

  const choose = (event: MouseEvent, type: RegistrationType) => {
    event.preventDefault();
    if (dropdown.current) dropdown.current.open = false;
    onChoose(type);
  };
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  return (
    <header className={dark ? 'site-header site-header--dark' : 'site-header'} data-scrolled={dark ? 'true' : 'false'}>
      <div className="site-header__bar">
        <a href={localHref('/')} className="site-header__home" aria-label={t('Home')}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M3 11 12 3l9 8M5 10v10h5v-6h4v6h5V10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          <span className="site-header__home-text">{t('Home')}</span>
        </a>
        <a href={localHref('/')} className="site-header__logo">
          <img src="/images/logo.svg" alt="EventPro Property Expo" width="132" height="36" />
        </a>
        {contactPhone ? (
          <a className="site-header__tel" href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2" fill="currentColor" />
            </svg>
            <span>{contactPhone}</span>
          </a>
        ) : null}
        <LanguageSwitch detailsRef={language} />
        <details
          ref={dropdown}
          className="site-header__dropdown"
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse' && dropdown.current) dropdown.current.open = false;
          }}
        >
          <summary className="site-header__register">{t('REGISTER NOW')}</summary>
          <ul className="site-header__choices">
            {REGISTER_CHOICES.map(([label, type, href]) => (
              <li key={label}>
                <a href={localHref(href)} onClick={(event) => choose(event, type)}>
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </details>
        <details ref={menu} className="site-header__menu">
          <summary className="site-header__menu-toggle" aria-label={t('Menu')}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <nav className="site-header__side" aria-label={t('Site menu')}>
            <ul>
              {MENU_ANCHORS.map(([id, label]) => (
                <li key={id}>
                  <a href={localHref(`/#${id}`)} onClick={closeMenu}>
                    {t(label)}
                  </a>
                </li>
              ))}
              <li>
                <a href={localHref('/passes')} onClick={closeMenu}>
                  {t('My passes')}
                </a>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
