import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './env';
import { bodyGuard } from './http/body-guard';
import { fail } from './http/envelope';
import { isDatabaseUnavailable } from './lib/db-errors';
import { corsForConfiguredOrigins, securityHeaders } from './http/security';
import { apiRoutes } from './routes';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Builds the whole app from its dependencies. Node (`node.ts`) and Workers (`worker.ts`) each make the
 * dependencies of their runtime and call this; tests call it with a database file of their own.
 * `deps` may also be a function making them for each request: on Workers every request owns its I/O
 * (decision 013).
 */
export function createApp(deps: AppDeps | ((c: Context<AppEnv>) => AppDeps)) {
  const app = new Hono<AppEnv>();
  const depsFor = typeof deps === 'function' ? deps : () => deps;

  app.use(async (c, next) => {
    c.set('deps', depsFor(c));
    await next();
  });
  app.use(securityHeaders);
  app.use('/api/*', corsForConfiguredOrigins);
  app.use('/api/*', bodyGuard);

  const routes = app.route('/api', apiRoutes);

  app.notFound((c) => fail(c, 404, 'Not found'));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      // Thrown by Hono itself for bad input (e.g. a body that cannot be read as the validator's target).
      return fail(c, error.status, error.message || 'Bad request');
    }
    if (isDatabaseUnavailable(error)) {
      console.error(`${c.req.method} ${c.req.path}: database unavailable`, error);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return fail(c, 503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    console.error(`${c.req.method} ${c.req.path} failed`, error);
    return fail(c, 500, 'Something went wrong on our side. Please try again.');
  });

  if (typeof deps !== 'function' && deps.serveAssets) app.use('*', deps.serveAssets);
  return routes;
}

/** The API's type, for the PWA's typed `hc` client. */
export type AppType = ReturnType<typeof createApp>;
