import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../env';

/**
 * The Content-Security-Policy of every response, API and PWA alike. The PWA ships all its code, styles,
 * images and fonts from its own origin, so 'self' covers them; `data:` and `blob:` images are QR codes
 * and upload previews. Nothing may frame the app. The same headers are written into the Workers static
 * assets' `_headers` file at build time (scripts/write-workers-headers.ts), so both runtimes send one policy.
 */
const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  // Cloudflare Turnstile's widget (script and frame), loaded only when the server asks for the human check.
  scriptSrc: ["'self'", 'https://challenges.cloudflare.com'],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ['https://challenges.cloudflare.com'],
  mediaSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeaders = secureHeaders({
  contentSecurityPolicy: CONTENT_SECURITY_POLICY,
  // The camera is for the venue's QR scanner; nothing else is used.
  permissionsPolicy: { camera: ['self'], microphone: false, geolocation: false, payment: false },
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
  // One frame policy: nothing may frame the app (CSP frame-ancestors 'none', and DENY for older browsers).
  xFrameOptions: 'DENY',
});

/** CORS only for the origins configured in CORS_ORIGINS; same-origin use (the PWA itself) needs none. */
export const corsForConfiguredOrigins = createMiddleware<AppEnv>(async (c, next) => {
  const allowed = c.get('deps').config.corsOrigins;
  if (allowed.length === 0) return next();
  return cors({
    origin: (origin) => (allowed.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match'],
    maxAge: 600,
  })(c, next);
});
