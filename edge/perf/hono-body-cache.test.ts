import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { validate } from '../http/validate';
import { handDecodedBodyToHono } from './hono-body-cache';

/**
 * The Hono internal that `handDecodedBodyToHono` relies on: a text put in the body cache is what `json()`,
 * `text()` and the validators read, and the raw body is not read again. The middleware below drains the
 * raw body first, as the body guard does, so a Hono that ignored the cache would fail to read it here.
 */
function appReadingThrough(read: (c: import('hono').Context) => Promise<unknown>) {
  const app = new Hono();
  app.use(async (c, next) => {
    const bytes = await c.req.raw.arrayBuffer();
    handDecodedBodyToHono(c, new TextDecoder().decode(bytes).replace('"from the socket"', '"from the cache"'));
    await next();
  });
  app.post('/', async (c) => c.json({ read: await read(c) }));
  return app;
}

const post = (app: Hono, body: string) => app.request('/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('Hono reads a body from the text put in its cache', () => {
  it('json() and text() answer the cached text, not the socket', async () => {
    const json = await post(
      appReadingThrough((c) => c.req.json()),
      '{"name":"from the socket"}',
    );
    expect(await json.json()).toEqual({ read: { name: 'from the cache' } });
    const text = await post(
      appReadingThrough((c) => c.req.text()),
      '{"name":"from the socket"}',
    );
    expect(await text.json()).toEqual({ read: '{"name":"from the cache"}' });
  });

  it('the JSON validator parses the cached text, and answers bad JSON with its own message', async () => {
    const app = new Hono();
    app.use(async (c, next) => {
      handDecodedBodyToHono(c, new TextDecoder().decode(await c.req.raw.arrayBuffer()));
      await next();
    });
    app.onError((error, c) => c.json({ message: error.message }, 400));
    app.post('/', validate('json', z.object({ name: z.string() })), (c) => c.json({ read: c.req.valid('json') }));
    expect(await (await post(app, '{"name":"Kavya"}')).json()).toEqual({ read: { name: 'Kavya' } });
    const broken = await post(app, '{"name":');
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'Malformed JSON in request body' });
  });
});
