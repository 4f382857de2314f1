import type { LinkProps } from '@tanstack/react-router';

/**
 * The portal's sections, in the order its navigation shows them. One list: a section of the portal adds
 * its entry here (the leads screens, features/exhibitor-leads, add "Leads" after "Booking").
 */
export interface PortalSection {
  /** A route of the portal (a file under routes/exhibitor/). */
  to: Extract<NonNullable<LinkProps['to']>, `/exhibitor${string}`>;
  label: string;
  /** Only the exhibitor's owner sees it. */
  ownerOnly?: boolean;
}

export const PORTAL_SECTIONS: PortalSection[] = [
  { to: '/exhibitor', label: 'Booking' },
  { to: '/exhibitor/team', label: 'Team' },
];
