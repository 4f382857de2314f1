import type { Context, MiddlewareHandler } from 'hono';
import type { ExhibitorScope } from './auth/require-exhibitor';
import type { TokenClaims } from './auth/tokens';
import type { BatchWriter } from './db/batch-writer';
import type { Database } from './db/database';
import type { RowReader } from './db/row-reader';
import type { UserRole } from './db/tables/system';
import type { Logger } from './lib/log';
import type { Channels } from './notifications/channels';
import type { Channel } from './notifications/messages';
import type { BlobStore } from './storage/blob-store';

/**
 * Everything the app needs from the runtime it runs on. `node.ts` and `worker.ts` build it; routes read
 * it from `c.get('deps')`, so the same routes run on both and tests can hand in a clock of their own.
 */
export interface AppDeps {
  db: Database;
  /** The same database's write lane for group commits (`edge/perf/group-commit.ts`). */
  writeBatch: BatchWriter;
  /** The same database's hot reads (a signed-in request's session), statements kept prepared where they can be. */
  readRow: RowReader;
  blobs: BlobStore;
  secrets: {
    /** HMAC key of the admin tokens (HS256). */
    jwtSecret: string;
    /** Secret mixed into every password hash; a stolen database alone cannot be brute-forced without it. */
    passwordPepper: string;
  };
  /** The clock: token expiry, lock-outs and timestamps all read it. */
  now: () => Date;
  /** The address a request came from, as the runtime knows it (socket on Node, CF-Connecting-IP on Workers). */
  clientAddress: (c: Context) => string;
  config: AppConfig;
  /** The structured logger (lib/log.ts); JSON lines on the console when absent. */
  logger?: Logger;
  /**
   * Messages to people (edge/notifications): the channels configured by the environment, the address
   * pass links point at, and how a request hands what it queued to the sender without waiting for it.
   * Absent: every message is recorded as not sent.
   */
  messaging?: Messaging;
  /**
   * Node, on a database file: what is wrong with the file at the database's path (removed or replaced while
   * the server runs, db/local-database.ts), else undefined. While it answers, the API answers 503.
   */
  databaseFileProblem?: () => string | undefined;
  /** Serves the built PWA for non-API paths (Node only; on Workers the platform serves static assets). */
  serveAssets?: MiddlewareHandler;
}

interface Messaging {
  channels: Channels;
  /** PUBLIC_ORIGIN: the site's address in links (else the address a request came to). */
  publicOrigin?: string;
  /**
   * Sends the queued messages outside this request (Node: wakes the sender loop's lanes of `channels`, every
   * lane without; Workers: waitUntil).
   */
  dispatch(c: Context, channels?: readonly Channel[]): void;
}

export interface AppConfig {
  /** Origins allowed to call the API from another site (CORS). Same-origin use needs none. */
  corsOrigins: string[];
  /** Public submissions allowed per client address per minute; 0 turns the limit off. */
  publicRateLimit: number;
  /** How long an admin token lasts, in seconds. */
  tokenTtlSeconds: number;
  /**
   * The `Host`s requests may name (PUBLIC_ORIGIN's and ALLOWED_HOSTS, as Django's ALLOWED_HOSTS): any other
   * is refused with 400. Empty (no PUBLIC_ORIGIN): every host is answered, and no message is queued.
   */
  allowedHosts: string[];
  /** Cloudflare Turnstile's keys (TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY): the public forms' human check under load. */
  humanCheck?: HumanCheckConfig;
}

export const DEFAULT_CONFIG: AppConfig = {
  corsOrigins: [],
  publicRateLimit: 300,
  // A venue day: staff log in once in the morning and stay signed in through the evening.
  tokenTtlSeconds: 12 * 60 * 60,
  allowedHosts: [],
};

/**
 * PUBLIC_ORIGIN as an origin (`https://expo.example.com`), or undefined when unset. A value that is not an
 * http(s) origin stops the server at start: links in messages must never be guessed.
 */
export function publicOriginFrom(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be the site's address, e.g. https://expo.example.com (got ${text})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PUBLIC_ORIGIN must be an http(s) address (got ${text})`);
  return url.origin;
}

/** The settings both runtimes read from their environment (`CORS_ORIGINS`, `PUBLIC_RATE_LIMIT`, `PUBLIC_ORIGIN`, `ALLOWED_HOSTS`, `TURNSTILE_*`), over the defaults. */
export function appConfigFrom(env: {
  CORS_ORIGINS?: string;
  PUBLIC_RATE_LIMIT?: string;
  PUBLIC_ORIGIN?: string;
  ALLOWED_HOSTS?: string;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
}): AppConfig {
  const origin = publicOriginFrom(env.PUBLIC_ORIGIN);
  const extraHosts = (env.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return {
    ...DEFAULT_CONFIG,
    allowedHosts: origin ? [new URL(origin).host, ...extraHosts] : [],
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    publicRateLimit: Number(env.PUBLIC_RATE_LIMIT ?? DEFAULT_CONFIG.publicRateLimit),
    humanCheck: humanCheckFrom(env),
  };
}

/** Cloudflare Turnstile (routes/public/human-check.ts): the keys, and where tokens are verified. */
export interface HumanCheckConfig {
  siteKey: string;
  secretKey: string;
  /** Cloudflare's siteverify (tests point it at a local server of the same protocol). */
  verifyUrl: string;
}

export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, both or neither (a half-configured check stops the start). */
export function humanCheckFrom(env: { TURNSTILE_SITE_KEY?: string; TURNSTILE_SECRET_KEY?: string }): HumanCheckConfig | undefined {
  const siteKey = env.TURNSTILE_SITE_KEY?.trim();
  const secretKey = env.TURNSTILE_SECRET_KEY?.trim();
  if (!siteKey && !secretKey) return undefined;
  if (!siteKey || !secretKey) throw new Error('TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY go together: set both, or neither');
  return { siteKey, secretKey, verifyUrl: SITEVERIFY_URL };
}

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps & { logger: Logger };
    /** This request's id: in its log lines and its `X-Request-Id` answer header. */
    requestId: string;
    user: AuthUser;
    /** An exhibitor portal request's exhibitor and person (auth/require-exhibitor.ts). */
    exhibitor: ExhibitorScope;
    /** The signed-in request's session (auth/sessions.ts). */
    sessionId: string;
    /** A door batch's token, checked, with the roles its session must have: admitted by the handler (auth/require-role.ts `requireRoleAtCommit`). */
    pendingSession: { claims: TokenClaims; roles: readonly UserRole[] };
  };
};

/** What the Worker cannot run without: its database and its two secrets. Answers the names of those not set. */
export function missingBindings(env: { DATABASE_URL?: string; JWT_SECRET?: string; PASSWORD_PEPPER?: string }): string[] {
  return (['DATABASE_URL', 'JWT_SECRET', 'PASSWORD_PEPPER'] as const).filter((name) => !env[name]?.trim());
}
