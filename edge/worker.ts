/**
 * The Cloudflare Workers entry: the same app over Turso (libSQL over HTTP) and an R2 bucket. The PWA is
 * served by Workers static assets (wrangler.toml); only /api/* reaches this code.
 */
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { createApp } from './app';
import { clientBatchWriter } from './db/batch-writer';
import { DEFAULT_CONFIG } from './env';
import { r2BlobStore, type R2BucketLike } from './storage/r2-blob-store';

export interface WorkerBindings {
  DATABASE_URL: string;
  DATABASE_AUTH_TOKEN?: string;
  JWT_SECRET: string;
  PASSWORD_PEPPER: string;
  CORS_ORIGINS?: string;
  PUBLIC_RATE_LIMIT?: string;
  BLOBS: R2BucketLike;
  ASSETS: { fetch(request: Request): Promise<Response> };
}

let app: ReturnType<typeof createApp> | undefined;

/** One app per isolate, made on the first request (bindings are only known then). */
function appFor(env: WorkerBindings) {
  if (!env.JWT_SECRET || !env.PASSWORD_PEPPER) {
    throw new Error('JWT_SECRET and PASSWORD_PEPPER must be set with `wrangler secret put`.');
  }
  if (app) return app;
  const client = createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  app = createApp({
    db: drizzle(client),
    // One request may not wait on another's database call on Workers: no group commit there.
    writeBatch: clientBatchWriter(client, { groupsRequests: false }),
    blobs: r2BlobStore(env.BLOBS),
    secrets: { jwtSecret: env.JWT_SECRET, passwordPepper: env.PASSWORD_PEPPER },
    now: () => new Date(),
    clientAddress: (c) => c.req.header('CF-Connecting-IP') ?? 'unknown',
    config: {
      ...DEFAULT_CONFIG,
      corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
      publicRateLimit: Number(env.PUBLIC_RATE_LIMIT ?? DEFAULT_CONFIG.publicRateLimit),
    },
  });
  return app;
}

/** A page of the app with no file of its own (a deep link such as /panel/dashboard). */
const isAppRoute = (url: URL, request: Request) =>
  !url.pathname.startsWith('/api/') && request.method === 'GET' && !/\.[a-z0-9]+$/i.test(url.pathname);

export default {
  async fetch(request: Request, env: WorkerBindings, ctx: unknown) {
    const url = new URL(request.url);
    if (isAppRoute(url, request)) {
      // The empty shell; assets' html handling serves app.html at /app.
      const shell = await env.ASSETS.fetch(new Request(new URL('/app', url), request));
      return new Response(shell.body, { status: 200, headers: shell.headers });
    }
    return appFor(env).fetch(request, env, ctx as never);
  },
};
