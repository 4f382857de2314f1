import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { fail } from '../http/envelope';

/**
 * `GET /api/files/:key`: an uploaded image from the blob store, with the content type it was stored with.
 * Keys are random and never reused, so the answer may be cached for a year.
 */
export const fileRoutes = new Hono<AppEnv>().get('/:key', async (c) => {
  const blob = await c.get('deps').blobs.get(c.req.param('key'));
  if (!blob) return fail(c, 404, 'File not found');
  return c.body(blob.body as ReadableStream | Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': blob.contentType,
    'Content-Length': String(blob.size),
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
  });
});
