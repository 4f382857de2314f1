import type { Context } from 'hono';

/**
 * Hands a request body already read and decoded to Hono, so `c.req.json()`, `c.req.text()` and the
 * validators use that text instead of reading the body again.
 *
 * Why this reaches into Hono: `HonoRequest.bodyCache` is public but undocumented, and Hono keeps promises
 * in it whatever its type says. Without it, a body read once as bytes (to reject bytes that are not UTF-8
 * before any route sees them) is decoded a second time through a `Response` made for it: measured at
 * about a twentieth of a registration's time on the Node server. `hono-body-cache.test.ts` fails if a
 * Hono upgrade stops reading this cache, and then this function should go.
 */
export function handDecodedBodyToHono(c: Context, text: string): void {
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
}
