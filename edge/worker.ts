/**
 * The Cloudflare Workers entry: the same app over Turso (libSQL over HTTP) and an R2 bucket. The PWA is
 * served by Workers static assets (wrangler.toml); only /api/* reaches this code.
 */
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql/web';
import { createApp } from './app';
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
}

let app: ReturnType<typeof createApp> | undefined;

/** One app per isolate, made on the first request (bindings are only known then). */
function appFor(env: WorkerBindings) {
  if (!env.JWT_SECRET || !env.PASSWORD_PEPPER) {
    throw new Error('JWT_SECRET and PASSWORD_PEPPER must be set with `wrangler secret put`.');
  }
  app ??= createApp({
    db: drizzle(createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN })),
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

export default {
  fetch(request: Request, env: WorkerBindings, ctx: unknown) {
    return appFor(env).fetch(request, env, ctx as never);
  },
};
