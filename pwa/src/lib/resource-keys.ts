import type { ResourceName } from '@shared/resources/describe';

/**
 * The query keys of the panel's resource data, shared by the screens that read or change it (lists, the
 * enquiry status panel, duplicates, messages, a person's history — the door's conflict inbox included):
 * one key family per resource, so one invalidation reaches all.
 */
export const resourceKeys = {
  all: (name: ResourceName) => ['panel', name] as const,
  list: (name: ResourceName, params: Readonly<Record<string, string | undefined>>) => ['panel', name, 'list', params] as const,
  count: (name: ResourceName, status: string, eventId: string | undefined) => ['panel', name, 'count', status, eventId] as const,
  duplicates: (name: ResourceName) => ['panel', name, 'duplicates'] as const,
  messages: (name: ResourceName, id: string) => ['panel', name, 'messages', id] as const,
  history: (name: ResourceName, id: string) => ['panel', name, 'history', id] as const,
};

/**
 * The keys of the panel's other data (events and settings have theirs beside their queries,
 * components/event-queries.ts and settings-queries.ts): the signed-in user, the dashboard, the reports and
 * the door's organiser screens.
 */
export const panelKeys = {
  /** Everything of the session: removed at logout. */
  auth: ['auth'] as const,
  me: ['auth', 'me'] as const,
  dashboardStats: ['panel', 'dashboard', 'stats'] as const,
  liveCounts: (eventId: string) => ['panel', 'dashboard', 'checkin-counts', eventId] as const,
  report: (eventId: string | undefined) => ['panel', 'reports', eventId ?? 'featured'] as const,
  devices: ['checkin', 'devices'] as const,
  conflicts: (eventId: string, view: string, page: number) => ['checkin', 'conflicts', eventId, view, page] as const,
  /** Exhibitors' requests to pass a message on to a lead, by event ('' every event) and state. */
  leadMessages: (eventId: string, state: string) => ['panel', 'lead-messages', eventId, state] as const,
};
