import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, NETWORK_ERROR_MESSAGE } from './api-error';
import { readEnvelope } from './envelope';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('readEnvelope', () => {
  it('returns the body of a successful envelope', async () => {
    const body = { success: true, message: 'OK', data: { id: 1 } };
    await expect(readEnvelope(json(body))).resolves.toEqual(body);
    await expect(readEnvelope(Promise.resolve(json(body)))).resolves.toEqual(body);
  });

  it('maps a 4xx envelope to ApiError with status, message and field errors', async () => {
    const error = await rejection(readEnvelope(json({ success: false, message: 'Invalid email or password', errors: { email: 'Required', n: 1 } }, 401)));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid email or password');
    expect(error.errors).toEqual({ email: 'Required' });
    expect(error.isClientError).toBe(true);
  });

  it('keeps the server message of a 429', async () => {
    const error = await rejection(readEnvelope(json({ success: false, message: 'Too many failed attempts. Try again in 15 minutes.' }, 429)));
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many failed attempts. Try again in 15 minutes.');
    expect(error.errors).toBeUndefined();
  });

  it('treats success:false on a 200 as a failure', async () => {
    const error = await rejection(readEnvelope(json({ success: false, message: 'Nope' }, 200)));
    expect(error.status).toBe(200);
    expect(error.message).toBe('Nope');
  });

  it('uses "Request failed" when the body is not a JSON envelope', async () => {
    const html = new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } });
    const error = await rejection(readEnvelope(html));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed');

    const empty = await rejection(readEnvelope(new Response(null, { status: 500 })));
    expect(empty.message).toBe('Request failed');

    const noMessage = await rejection(readEnvelope(json({ success: false }, 400)));
    expect(noMessage.message).toBe('Request failed');

    const okButNotEnvelope = await rejection(readEnvelope(json([1, 2, 3], 200)));
    expect(okButNotEnvelope.message).toBe('Request failed');
  });

  it('maps a network failure to status 0', async () => {
    const error = await rejection(readEnvelope(Promise.reject(new TypeError('Failed to fetch'))));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('gives the screen its own message when the answer carried none of the server’s words', async () => {
    const fallback = 'Failed to fetch visitors';
    const gateway = await rejection(readEnvelope(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } })));
    expect(errorMessage(gateway, fallback)).toBe(fallback);
    expect(errorMessage(await rejection(readEnvelope(json({ success: false }, 500))), fallback)).toBe(fallback);
    expect(errorMessage(await rejection(readEnvelope(Promise.reject(new TypeError('Failed to fetch')))), fallback)).toBe(fallback);
    expect(errorMessage(await rejection(readEnvelope(json({ success: false, message: 'Event not found' }, 404))), fallback)).toBe('Event not found');
  });
});
