import type { ResourceName } from '@shared/resources/describe';

/**
 * The query keys of the panel's resource data, shared by the screens that read or change it (lists, the
 * enquiry status panel, duplicates, messages): one key family per resource, so one invalidation reaches all.
 */
export const resourceKeys = {
  all: (name: ResourceName) => ['panel', name] as const,
  list: (name: ResourceName, params: Readonly<Record<string, string | undefined>>) => ['panel', name, 'list', params] as const,
  count: (name: ResourceName, status: string, eventId: string | undefined) => ['panel', name, 'count', status, eventId] as const,
  duplicates: (name: ResourceName) => ['panel', name, 'duplicates'] as const,
  messages: (name: ResourceName, id: string) => ['panel', name, 'messages', id] as const,
  history: (name: ResourceName, id: string) => ['panel', name, 'history', id] as const,
};
