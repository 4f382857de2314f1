import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ifMatch, readEnvelope, resourceApi } from '../../lib/api';
import type { ListSearch } from './list-search';
import type { ResourceName } from './types';

export const PAGE_SIZE = 20;

/** The query keys of one admin resource: everything under `['panel', name]` is refreshed together after a change. */
export const resourceKeys = {
  all: (name: ResourceName) => ['panel', name] as const,
  list: (name: ResourceName, params: ReturnType<typeof listParams>) => ['panel', name, 'list', params] as const,
  count: (name: ResourceName, status: string) => ['panel', name, 'count', status] as const,
  duplicates: (name: ResourceName) => ['panel', name, 'duplicates'] as const,
  messages: (name: ResourceName, id: string) => ['panel', name, 'messages', id] as const,
  history: (name: ResourceName, id: string) => ['panel', name, 'history', id] as const,
};

export function listParams(search: ListSearch) {
  return {
    page: String(search.page ?? 1),
    limit: String(PAGE_SIZE),
    q: search.q?.trim() || undefined,
    status: search.status || undefined,
    sort: search.sort || undefined,
    order: search.sort ? (search.order ?? 'asc') : undefined,
  };
}

export function listQueryOptions(name: ResourceName, search: ListSearch) {
  const params = listParams(search);
  return queryOptions({
    queryKey: resourceKeys.list(name, params),
    queryFn: async () => (await readEnvelope(resourceApi(name).index.$get({ query: params }))).data,
    placeholderData: keepPreviousData,
  });
}

/** The VIP overview: one count per status (a one-row page each; `total` is the count). */
export function statusCountQueryOptions(name: ResourceName, status: string) {
  return queryOptions({
    queryKey: resourceKeys.count(name, status),
    queryFn: async () => (await readEnvelope(resourceApi(name).index.$get({ query: { status, limit: '1' } }))).data.total,
  });
}

export const getRecord = async (name: ResourceName, id: string) => (await readEnvelope(resourceApi(name)[':id'].$get({ param: { id } }))).data;

/** Creates (no id) or updates a record: JSON, or multipart when an image file goes with it. */
export function saveRecord(name: ResourceName, id: string | null, body: Record<string, unknown>, file: File | null, fileField: string | undefined, version?: string) {
  let input: { json: Record<string, unknown> } | { form: Record<string, string | File> };
  if (file && fileField) {
    const form: Record<string, string | File> = {};
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null || typeof value === 'object') continue;
      form[key] = String(value);
    }
    form[fileField] = file;
    input = { form };
  } else {
    input = { json: body };
  }
  const client = resourceApi(name);
  if (id) return readEnvelope(client[':id'].$put({ param: { id }, ...input }, ifMatch(version)));
  return readEnvelope(client.index.$post(input));
}

/** A status change made on the row the organiser saw: `version` (its `updatedAt`) refuses it if the row changed since. */
export const changeStatus = (name: ResourceName, id: string, status: string, notes?: string, version?: string) =>
  readEnvelope(resourceApi(name)[':id'].status.$put({ param: { id }, json: notes === undefined ? { status } : { status, notes } }, ifMatch(version)));

export const deleteRecord = (name: ResourceName, id: string) => readEnvelope(resourceApi(name)[':id'].$delete({ param: { id } }));
