import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppDeps, AppEnv } from './env';
import { bodyGuard } from './http/body-guard';
import { fail, unavailable } from './http/envelope';
import { isDatabaseUnavailable } from './lib/db-errors';
import { corsForConfiguredOrigins, securityHeaders } from './http/security';
import { createLogger, describeError, isStorageUnavailable } from './lib/log';
import { apiRoutes } from './routes';
import { forgetWriteProbe } from './routes/health';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
export const UNKNOWN_HOST_MESSAGE = 'Unknown host: this server answers only at its public address';
const STORAGE_UNAVAILABLE = 'The server cannot store anything right now. Please try again in a few minutes.';

/**
 * Builds the whole app from its dependencies. Node (`node.ts`) and Workers (`worker.ts`) each make the
 * dependencies of their runtime and call this; tests call it with a database file of their own.
 * `deps` may also be a function making them for each request: on Workers every request owns its I/O
 * (decision 013).
 */
export function createApp(appDeps: AppDeps | ((c: Context<AppEnv>) => AppDeps), options: { publicPages?: MiddlewareHandler<AppEnv> } = {}) {
  const app = new Hono<AppEnv>();
  const shared = typeof appDeps === 'function' ? undefined : appDeps;
  const logger = shared?.logger ?? createLogger();
  const fixed = shared ? { ...shared, logger } : undefined;
  const depsFor = (c: Context<AppEnv>): AppDeps & { logger: typeof logger } => {
    if (fixed) return fixed;
    const made = (appDeps as (c: Context<AppEnv>) => AppDeps)(c);
    return { ...made, logger: made.logger ?? logger };
  };

  app.use(async (c, next) => {
    c.set('deps', depsFor(c));
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    if (!c.req.path.startsWith('/api/')) return; // the PWA's files: not the API's log
    // Set on the answer's own headers, as secureHeaders does: c.header() after the answer is made rebuilds
    // it with its body as a stream (on the Node server about a tenth of a registration's CPU time).
    c.res.headers.set('X-Request-Id', requestId);
    const status = c.res.status;
    logger.log(status >= 500 ? 'error' : 'info', 'request', {
      requestId,
      method: c.req.method,
      route: c.req.routePath,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  // Only the site's own hosts are answered (PUBLIC_ORIGIN, ALLOWED_HOSTS): a request naming another host is
  // someone pointing their domain, or a forged Host header, at this server (decision 045).
  app.use(async (c, next) => {
    const { allowedHosts } = c.get('deps').config;
    if (allowedHosts.length && !allowedHosts.includes(hostOf(c.req.url))) return fail(c, 400, UNKNOWN_HOST_MESSAGE);
    return next();
  });
  app.use(securityHeaders);
  app.use('/api/*', corsForConfiguredOrigins);
  app.use('/api/*', bodyGuard);
  // A database file removed or replaced under the running server: nothing is answered from (or written to)
  // the file it still has open. /api/health says so itself.
  app.use('/api/*', async (c, next) => {
    const problem = c.get('deps').databaseFileProblem?.();
    if (!problem || c.req.path === '/api/health') return next();
    logger.error('database file lost', { requestId: c.get('requestId'), route: '/api/*', problem });
    return unavailable(c, DATABASE_UNAVAILABLE_MESSAGE);
  });

  const routes = app.route('/api', apiRoutes);

  app.notFound((c) => fail(c, 404, 'Not found'));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      // Thrown by Hono itself for bad input (e.g. a body that cannot be read as the validator's target).
      return fail(c, error.status, error.message || 'Bad request');
    }
    // Never the error itself: a database error carries its SQL and parameters (passwords' hashes, people's numbers).
    logger.error('unhandled error', { requestId: c.get('requestId'), route: c.req.routePath, error: describeError(error) });
    if (isDatabaseUnavailable(error)) {
      forgetWriteProbe(c.get('deps'));
      return unavailable(c, DATABASE_UNAVAILABLE_MESSAGE);
    }
    if (isStorageUnavailable(error)) {
      // The next health probe writes again rather than repeating the success it had before this failure.
      forgetWriteProbe(c.get('deps'));
      return unavailable(c, STORAGE_UNAVAILABLE);
    }
    return fail(c, 500, 'Something went wrong on our side. Please try again.');
  });

  // The public pages, rendered with the current data (public-pages.ts), then the PWA's files.
  if (options.publicPages) app.use('*', options.publicPages);
  if (fixed?.serveAssets) app.use('*', fixed.serveAssets);
  return routes;
}

/** The host (and port) of a request's absolute URL, lower-cased, without parsing the whole URL. */
function hostOf(url: string): string {
  const start = url.indexOf('//') + 2;
  const end = url.indexOf('/', start);
  return url.slice(start, end === -1 ? undefined : end).toLowerCase();
}

/** The API's type, for the PWA's typed `hc` client. */
export type AppType = ReturnType<typeof createApp>;
