/** The panel's sidebar: groups and items, in the order it shows them. */
interface NavItem {
  label: string;
  to: string;
  icon: string;
  badge?: string;
  /**
   * The organisers' screen (decision 051): hidden from staff accounts, and shown to them by URL as a
   * notice rather than the screen. The door staff see the check-in, the people lists and their account.
   */
  adminOnly?: boolean;
  /** A list of records: the sidebar starts collapsed there below `WIDE_LIST_PX`, to give the table its room. */
  list?: boolean;
}
export interface NavGroup {
  title: string;
  items: NavItem[];
}

const NAV_GROUPS: NavGroup[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/panel/dashboard', icon: '▦' },
      { label: 'Reports', to: '/panel/reports', icon: '▥', adminOnly: true },
    ],
  },
  { title: 'Events', items: [{ label: 'Event Management', to: '/panel/events', list: true, icon: '◷', adminOnly: true }] },
  { title: 'Venue', items: [{ label: 'Venue Check-in', to: '/panel/checkin', icon: '✔' }] },
  {
    title: 'Registration Management',
    items: [
      { label: 'Visitors', to: '/panel/registrations/visitors', list: true, icon: '☺' },
      { label: 'Stalls', to: '/panel/registrations/stalls', list: true, icon: '▤', adminOnly: true },
      { label: 'Sponsors', to: '/panel/registrations/sponsors', list: true, icon: '★', adminOnly: true },
      // Exhibitors (stalls and sponsors) ask here for a message to be passed on to a lead (decision 083).
      { label: 'Lead Messages', to: '/panel/lead-messages', list: true, icon: '✉', adminOnly: true },
      { label: 'Awardees Nominees', to: '/panel/registrations/awardees', list: true, icon: '✎', adminOnly: true },
    ],
  },
  {
    title: 'VIP Management',
    items: [
      { label: 'Guests', to: '/panel/vips/guests', list: true, icon: '♛' },
      { label: 'Speakers', to: '/panel/vips/speakers', list: true, icon: '✆' },
      { label: 'Awardees', to: '/panel/vips/awardees', list: true, icon: '✪' },
    ],
  },
  {
    title: 'Team Management',
    items: [
      { label: 'Team Management', to: '/panel/teams', icon: '◎', adminOnly: true },
      { label: 'Coordination Team', to: '/panel/teams/coordination', icon: '⇄', adminOnly: true },
      { label: 'Volunteers Team', to: '/panel/teams/volunteers', icon: '♥', adminOnly: true },
    ],
  },
  { title: 'Planning', items: [{ label: 'Timeline Management', to: '/panel/timeline-management', icon: '☰', badge: 'NEW', adminOnly: true }] },
  { title: 'System', items: [{ label: 'Settings', to: '/panel/settings', icon: '⚙' }] },
  { title: 'Enquiries', items: [{ label: 'Enquiries', to: '/panel/enquiries', list: true, icon: '✉', adminOnly: true }] },
];

/** The groups and items a user sees: everything for admins, what staff may use for staff. */
export function navFor(isAdmin: boolean): NavGroup[] {
  if (isAdmin) return NAV_GROUPS;
  return NAV_GROUPS.map((group) => ({ ...group, items: group.items.filter((item) => !item.adminOnly) })).filter((group) => group.items.length > 0);
}

/** Whether `pathname` is an organisers' screen (an adminOnly item's, or under one): staff see a notice there. */
export function isAdminOnlyScreen(pathname: string): boolean {
  return NAV_GROUPS.some((group) => group.items.some((item) => item.adminOnly && (pathname === item.to || pathname.startsWith(`${item.to}/`))));
}

/** Whether `pathname` is a list screen (an item marked `list`). */
export function isListScreen(pathname: string): boolean {
  return NAV_GROUPS.some((group) => group.items.some((item) => item.list && pathname === item.to));
}

/**
 * Below this width a list screen opens with the sidebar collapsed: 270 px of sidebar beside a table on a
 * 1024 px tablet left no room for a list's status (issue 29). Wider, the sidebar is as the organiser left it.
 */
export const WIDE_LIST_PX = 1280;

/** Below this width the sidebar (270 px open, 80 px collapsed, in the CSS) starts collapsed and closes after navigation. */
export const MOBILE_BREAKPOINT_PX = 768;
