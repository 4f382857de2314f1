import { queryOptions } from '@tanstack/react-query';
import { api, readEnvelope } from '../lib/api';

/**
 * The Settings screen's reads, one key each: the public site's settings (also the nomination form's award
 * categories), the accounts, the login locks.
 */
export const settingsKeys = {
  site: ['panel', 'settings'] as const,
  users: ['panel', 'users'] as const,
  locks: ['panel', 'login-locks'] as const,
};

export const siteSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.site, queryFn: async () => (await readEnvelope(api.api.settings.$get())).data });

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.users, queryFn: async () => (await readEnvelope(api.api.users.$get())).data.items });

export const loginLocksQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.locks, queryFn: async () => (await readEnvelope(api.api.auth.locks.$get())).data.items });

/** An account as `GET /api/users` answers it. */
export type Account = Awaited<ReturnType<NonNullable<ReturnType<typeof accountsQueryOptions>['queryFn']>>>[number];
/** A count of failed logins as `GET /api/auth/locks` answers it. */
export type LoginLock = Awaited<ReturnType<NonNullable<ReturnType<typeof loginLocksQueryOptions>['queryFn']>>>[number];
/** The public site's settings as `GET /api/settings` answers them. */
export type SiteSettings = Awaited<ReturnType<NonNullable<ReturnType<typeof siteSettingsQueryOptions>['queryFn']>>>;
