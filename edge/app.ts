import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './env';
import { bodyGuard } from './http/body-guard';
import { fail } from './http/envelope';
import { corsForConfiguredOrigins, securityHeaders } from './http/security';
import { apiRoutes } from './routes';

/**
 * Builds the whole app from its dependencies. Node (`node.ts`) and Workers (`worker.ts`) each make the
 * dependencies of their runtime and call this; tests call it with a database file of their own.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('deps', deps);
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
    console.error(`${c.req.method} ${c.req.path} failed`, error);
    return fail(c, 500, 'Something went wrong on our side. Please try again.');
  });

  if (deps.serveAssets) app.use('*', deps.serveAssets);
  return routes;
}

/** The API's type, for the PWA's typed `hc` client. */
export type AppType = ReturnType<typeof createApp>;
