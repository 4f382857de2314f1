import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type BaseRecord, type Page, panelRequest } from '../../components/panel-api';
import type { ListSearch } from './list-search';

export const PAGE_SIZE = 20;

export function listParams(search: ListSearch) {
  return {
    page: search.page ?? 1,
    limit: PAGE_SIZE,
    q: search.q?.trim() || undefined,
    status: search.status || undefined,
    sort: search.sort || undefined,
    order: search.sort ? (search.order ?? 'asc') : undefined,
  };
}

export function listQueryOptions(name: string, search: ListSearch) {
  const params = listParams(search);
  return queryOptions({
    queryKey: ['panel', name, 'list', params],
    queryFn: async () => (await panelRequest<Page<BaseRecord>>(`/${name}`, { query: params })).data,
    placeholderData: keepPreviousData,
  });
}

/** The VIP overview: one count per status (a one-row page each; `total` is the count). */
export function statusCountQueryOptions(name: string, status: string) {
  return queryOptions({
    queryKey: ['panel', name, 'count', status],
    queryFn: async () => (await panelRequest<Page<BaseRecord>>(`/${name}`, { query: { status, limit: 1 } })).data.total,
  });
}

export const getRecord = async (name: string, id: string) => (await panelRequest<BaseRecord>(`/${name}/${id}`)).data;

export function saveRecord(name: string, id: string | null, body: Record<string, unknown>, file: File | null, fileField: string | undefined, ifMatch?: string) {
  let options: Parameters<typeof panelRequest>[1];
  if (file && fileField) {
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) {
      if (value === undefined || value === null || typeof value === 'object') continue;
      form.append(key, String(value));
    }
    form.append(fileField, file);
    options = { form };
  } else {
    options = { json: body };
  }
  return panelRequest<BaseRecord>(id ? `/${name}/${id}` : `/${name}`, { ...options, method: id ? 'PUT' : 'POST', ...(id && ifMatch ? { ifMatch } : {}) });
}

/** A status change made on the row the organiser saw: `ifMatch` (its `updatedAt`) refuses it if the row changed since. */
export const changeStatus = (name: string, id: string, status: string, notes?: string, ifMatch?: string) =>
  panelRequest<BaseRecord>(`/${name}/${id}/status`, { method: 'PUT', json: notes === undefined ? { status } : { status, notes }, ...(ifMatch ? { ifMatch } : {}) });

export const deleteRecord = (name: string, id: string) => panelRequest<{ id: string }>(`/${name}/${id}`, { method: 'DELETE' });
