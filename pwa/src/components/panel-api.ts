// The panel's request helper for the generic admin routes (nine resources share one shape, which the
// typed `hc` client cannot express generically). Same envelope and errors as lib/api.ts.
import { ApiError } from '../lib/api-error';
import { getToken } from '../lib/auth-token';
import { readEnvelope } from '../lib/envelope';
import { saveFile } from '../lib/save-file';

export type Query = Record<string, string | number | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: FormData;
  /** `updatedAt` of the version being edited: the API answers 409 when someone else changed it. */
  ifMatch?: string;
}

export function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function headers(options: RequestOptions): Record<string, string> {
  const out: Record<string, string> = {};
  const token = getToken();
  if (token) out.Authorization = `Bearer ${token}`;
  if (options.json !== undefined) out['Content-Type'] = 'application/json';
  if (options.ifMatch) out['If-Match'] = options.ifMatch;
  return out;
}

/** `/api${path}`: resolves the success envelope `{ success, message, data }`, rejects with ApiError. */
export async function panelRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<{ message?: string; data: T }> {
  const body = options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined);
  const result = await readEnvelope(
    fetch(`/api${path}${queryString(options.query)}`, { method: options.method ?? 'GET', headers: headers(options), body }),
  );
  return result as { message?: string; data: T };
}

/** Downloads `/api${path}` (e.g. a CSV export) with the token, under the server's file name. */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`/api${path}${queryString(query)}`, { headers: headers({}) });
  } catch {
    throw new ApiError(0, 'No response from server. Please check your connection.');
  }
  if (!res.ok) await readEnvelope(res); // throws the server's message
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await res.blob(), name);
}

/** A list answer of the admin API. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** Fields every admin record carries. */
export interface BaseRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  status?: string;
  eventName?: string | null;
  [key: string]: unknown;
}
