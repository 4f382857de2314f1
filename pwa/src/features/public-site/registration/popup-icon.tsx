import type { RegistrationType } from './registration-types';

const ICONS: Record<RegistrationType, string> = {
  'Visitor Registration': 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  'Awards Registration': 'M8 3h8v4a4 4 0 0 1-8 0V3Zm4 8v5m-4 4h8m-6-4h4M8 5H4a3 3 0 0 0 4 4m8-4h4a3 3 0 0 1-4 4',
  'Book a Stall': 'M3 9l2-5h14l2 5M4 9v11h16V9M3 9h18M9 20v-6h6v6',
  'Sponsor Registration': 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9L12 3Z',
  'Enquire Now': 'M4 5h16v11H8l-4 4V5Zm4 5h8M8 13h5',
};

/** The registration type's line icon in the popup's heading. */
export function PopupIcon({ type }: { type: RegistrationType }) {
  return (
    <svg className="popup__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
      <path d={ICONS[type]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
