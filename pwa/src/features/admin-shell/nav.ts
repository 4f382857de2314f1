/** The sidebar of seed 001 §2: groups and items, in order. */
export interface NavItem {
  label: string;
  to: string;
  icon: string;
  badge?: string;
}
export interface NavGroup {
  title: string;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  { title: 'Overview', items: [{ label: 'Dashboard', to: '/panel/dashboard', icon: '▦' }] },
  { title: 'Events', items: [{ label: 'Event Management', to: '/panel/events', icon: '◷' }] },
  {
    title: 'Registration Management',
    items: [
      { label: 'Visitors', to: '/panel/registrations/visitors', icon: '☺' },
      { label: 'Stalls', to: '/panel/registrations/stalls', icon: '▤' },
      { label: 'Sponsors', to: '/panel/registrations/sponsors', icon: '★' },
      { label: 'Awardees Nominees', to: '/panel/registrations/awardees', icon: '✎' },
    ],
  },
  {
    title: 'VIP Management',
    items: [
      { label: 'Guests', to: '/panel/vips/guests', icon: '♛' },
      { label: 'Speakers', to: '/panel/vips/speakers', icon: '✆' },
      { label: 'Awardees', to: '/panel/vips/awardees', icon: '✪' },
    ],
  },
  {
    title: 'Team Management',
    items: [
      { label: 'Team Management', to: '/panel/teams', icon: '◎' },
      { label: 'Coordination Team', to: '/panel/teams/coordination', icon: '⇄' },
      { label: 'Volunteers Team', to: '/panel/teams/volunteers', icon: '✋' },
    ],
  },
  { title: 'Planning', items: [{ label: 'Timeline Management', to: '/panel/timeline-management', icon: '☰', badge: 'NEW' }] },
  { title: 'System', items: [{ label: 'Settings', to: '/panel/settings', icon: '⚙' }] },
  { title: 'Enquiries', items: [{ label: 'Enquiries', to: '/panel/enquiries', icon: '✉' }] },
];

/** Seed 001 §9. */
export const SIDEBAR_OPEN_PX = 270;
export const SIDEBAR_COLLAPSED_PX = 80;
export const MOBILE_BREAKPOINT_PX = 768;
