import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { BadgeRefusal } from '../../components/print-badge-button';
import { type BaseRecord, ifMatch, readEnvelope, resourceApi } from '../../lib/api';
import { resourceKeys } from '../../lib/resource-keys';
import { ALL_EVENTS, type ListSearch, PAGE_SIZES } from './list-search';
import type { ResourceName } from './types';

// The query keys of one admin resource: everything under `['panel', name]` is refreshed together after a change.
export { resourceKeys } from '../../lib/resource-keys';

/** The list's filter as the API reads it (`eventId`, `status`, `q`): the same for a page, an export and a bulk action. */
export function listFilter(search: ListSearch) {
  return {
    eventId: search.eventId && search.eventId !== ALL_EVENTS ? search.eventId : undefined,
    status: search.status || undefined,
    q: search.q?.trim() || undefined,
    answer: search.answer || undefined,
  };
}

export function listParams(search: ListSearch) {
  return {
    page: String(search.page ?? 1),
    limit: String(search.size ?? PAGE_SIZES[0]),
    eventId: listFilter(search).eventId,
    q: search.q?.trim() || undefined,
    status: search.status || undefined,
    answer: search.answer || undefined,
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

/** The VIP overview: one count per status in the list's event (a one-row page each; `total` is the count). */
export function statusCountQueryOptions(name: ResourceName, status: string, eventId: string | undefined) {
  return queryOptions({
    queryKey: resourceKeys.count(name, status, eventId),
    queryFn: async () => (await readEnvelope(resourceApi(name).index.$get({ query: { status, limit: '1', eventId } }))).data.total,
  });
}

/** Every record matching the list's filter, a page of 100 at a time (badges for a whole filter); refused above `max`. */
export async function everyMatchingRecord(name: ResourceName, search: ListSearch, max: number) {
  const rows: BaseRecord[] = [];
  for (let page = 1; ; page++) {
    const data = (await readEnvelope(resourceApi(name).index.$get({ query: { ...listParams({ ...search, page, size: 100 }) } }))).data;
    if (data.total > max) throw new BadgeRefusal(`At most ${max.toLocaleString('en-IN')} at a time: narrow the filter`);
    rows.push(...data.items);
    if (page >= data.totalPages) return rows;
  }
}

/** One action on the selected records, or on every record matching the list's filter (`POST /api/<r>/bulk`). */
export const bulkAction = (
  name: ResourceName,
  target: { ids: string[] } | { filter: ReturnType<typeof listFilter> },
  action: { action: 'status'; status: string } | { action: 'delete' },
) => readEnvelope(resourceApi(name).bulk.$post({ json: { ...action, ...target } }));

export const getRecord = async (name: ResourceName, id: string) => (await readEnvelope(resourceApi(name)[':id'].$get({ param: { id } }))).data;

/** Creates (no id) or updates a record: JSON, or multipart when an image file goes with it. */
export function saveRecord(
  name: ResourceName,
  id: string | null,
  body: Record<string, unknown>,
  file: File | null,
  fileField: string | undefined,
  version?: string,
) {
  let input: { json: Record<string, unknown> } | { form: Record<string, string | string[] | File> };
  if (file && fileField) {
    const form: Record<string, string | string[] | File> = {};
    for (const [key, value] of Object.entries(body)) {
      // A list travels as the field repeated (an event's types); other objects have no multipart form.
      if (Array.isArray(value)) form[key] = value.map(String);
      else if (value === undefined || value === null || typeof value === 'object') continue;
      else form[key] = String(value);
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
