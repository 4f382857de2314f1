/**
 * The Cloudflare Workers entry: the same app over Turso (libSQL over HTTP) and an R2 bucket. The PWA is
 * served by Workers static assets (wrangler.toml); only /api/* reaches this code.
 */
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { createApp } from './app';
import { clientBatchWriter } from './db/batch-writer';
import { clientRowReader } from './db/row-reader';
import { retryWhenBusy } from './db/busy-retry';
import { databaseFetch } from './db/remote-fetch';
import { type AppConfig, type AppDeps, appConfigFrom, missingBindings, publicOriginFrom } from './env';
import { RETRY_AFTER_SECONDS } from './http/envelope';
import { shareEventCache } from './lib/events';
import { type ChannelEnv, type Channels, phoneChannels, resendChannel } from './notifications/channels';
import { sendDueMessages } from './notifications/dispatcher';
import { type PageShell, publicPages } from './public-pages';
import { r2BlobStore, type R2BucketLike } from './storage/r2-blob-store';
// The server build of the app's public pages (`npm run build:pwa` makes it; wrangler bundles it).
// @ts-expect-error: a build output, typed by its source below
import * as builtPages from '../dist/ssr/entry-server.js';
import type * as PageRenderer from '../pwa/src/entry-server';

const { PUBLIC_PAGE_PATHS, renderPublicPage } = builtPages as typeof PageRenderer;

export interface WorkerBindings extends ChannelEnv {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET: string;
  PASSWORD_PEPPER: string;
  CORS_ORIGINS?: string;
  PUBLIC_RATE_LIMIT?: string;
  /** The site's public address, for the pages' canonical and share-image links; the request's origin without it. */
  PUBLIC_ORIGIN?: string;
  /** Cloudflare Turnstile's keys: the public forms' human check under unusual load (both or neither). */
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
  /** Hosts answered besides PUBLIC_ORIGIN's, comma-separated (e.g. the workers.dev one). */
  ALLOWED_HOSTS?: string;
  BLOBS: R2BucketLike;
  ASSETS: { fetch(request: Request): Promise<Response> };
}

/**
 * Nothing that can hold pending I/O lives across requests here (decision 013). workerd cancels, as hung, a
 * request that awaits I/O another request started, and a cancelled request's unsettled promise then stays
 * in whatever shared object held it: the libSQL client's queue of 20 concurrent calls did exactly that,
 * and every later database call of the isolate waited behind it. So each request gets its own libSQL
 * client (cheap over HTTP: no connection, no handshake), its own database, writer and blob store; what the
 * isolate keeps are plain values (the app's routes, the parsed configuration, the event cache's values).
 */
let app: ReturnType<typeof createApp> | undefined;
let settings: { env: WorkerBindings; config: AppConfig; channels: Channels } | undefined;
/** The event cache's owner: every request's database object shares this isolate's cache of event values. */
const eventCacheOwner = {};

function settingsOf(env: WorkerBindings): { config: AppConfig; channels: Channels } {
  if (settings?.env === env) return settings;
  const config = appConfigFrom(env);
  // E-mail through Resend's HTTP API (SMTP needs sockets and nodemailer: Node only), WhatsApp and SMS.
  const channels: Channels = { email: resendChannel(env), ...phoneChannels(env) };
  settings = { env, config, channels };
  return settings;
}

/** The dependencies of one request: its own client to the database, made from the request's bindings. */
function requestDeps(env: WorkerBindings): AppDeps & { messaging: NonNullable<AppDeps['messaging']> } {
  const { config, channels } = settingsOf(env);
  const client = retryWhenBusy(createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, fetch: databaseFetch() }));
  const db = drizzle(client);
  shareEventCache(db, eventCacheOwner);
  const now = () => new Date();
  // One request may not wait on another's database call on Workers: no group commit there.
  const writeBatch = clientBatchWriter(client, { groupsRequests: false });
  return {
    db,
    writeBatch,
    readRow: clientRowReader(client),
    blobs: r2BlobStore(env.BLOBS),
    secrets: { jwtSecret: env.JWT_SECRET, passwordPepper: env.PASSWORD_PEPPER },
    now,
    clientAddress: (c) => c.req.header('CF-Connecting-IP') ?? 'unknown',
    config,
    // Sent after the answer, by this request's own client (waitUntil); the cron below retries.
    messaging: {
      channels,
      publicOrigin: publicOriginFrom(env.PUBLIC_ORIGIN),
      dispatch: (c) => c.executionCtx.waitUntil(sendDueMessages({ db, writeBatch, channels, now, linkSecret: env.JWT_SECRET })),
    },
  };
}

/** One app (routes only, no I/O) per isolate; its dependencies are made for each request. */
function appFor(env: WorkerBindings) {
  app ??= createApp((c) => requestDeps(c.env as WorkerBindings), {
    publicPages: publicPages({
      paths: PUBLIC_PAGE_PATHS,
      render: renderPublicPage,
      // A plain value per isolate once read; each request that finds none reads it itself (decision 013).
      loadShell: async (c) =>
        (pageShell ??= (await (await (c.env as WorkerBindings).ASSETS.fetch(new Request(new URL('/page-shell.json', c.req.url)))).json()) as PageShell),
      publicOrigin: publicOriginFrom(env.PUBLIC_ORIGIN),
    }),
  });
  return app;
}

let pageShell: PageShell | undefined;

/** A page of the app with no file of its own (a deep link such as /panel/dashboard); the public pages are rendered. */
const isAppRoute = (url: URL, request: Request) =>
  !url.pathname.startsWith('/api/') && request.method === 'GET' && !/\.[a-z0-9]+$/i.test(url.pathname) && !PUBLIC_PAGE_PATHS.includes(url.pathname);

export default {
  async fetch(request: Request, env: WorkerBindings, ctx: unknown) {
    const url = new URL(request.url);
    if (isAppRoute(url, request)) {
      // The empty shell; assets' html handling serves app.html at /app.
      const shell = await env.ASSETS.fetch(new Request(new URL('/app', url), request));
      return new Response(shell.body, { status: 200, headers: shell.headers });
    }
    const missing = missingBindings(env);
    if (missing.length) {
      // One line in the Worker's log, and an answer that says what is wrong, never an exception page.
      const message = `The server is not configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set (\`wrangler secret put <name>\`, README Deploy)`;
      console.error(message);
      return Response.json({ success: false, message }, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
    }
    return appFor(env).fetch(request, env, ctx as never);
  },
  /** The cron of wrangler.toml: sends the messages that are due (retries after back-off, ones a request left). */
  async scheduled(_controller: unknown, env: WorkerBindings, ctx: { waitUntil(promise: Promise<unknown>): void }) {
    const missing = missingBindings(env);
    if (missing.length) return console.error(`Messages not sent: ${missing.join(', ')} not set (\`wrangler secret put <name>\`)`);
    const { db, writeBatch, messaging, now } = requestDeps(env);
    ctx.waitUntil(sendDueMessages({ db, writeBatch, channels: messaging.channels, now, linkSecret: env.JWT_SECRET }));
  },
};
