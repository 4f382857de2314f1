import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { fail } from './envelope';

/** JSON bodies are forms and operation batches: 256 KB is generous for both. */
const JSON_BODY_LIMIT = 256 * 1024;
/** Multipart bodies carry one image of at most 5 MB plus the form's fields. */
const MULTIPART_BODY_LIMIT = 6 * 1024 * 1024;

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: (c) => fail(c, 413, 'Request body too large'),
});
const multipartLimit = bodyLimit({
  maxSize: MULTIPART_BODY_LIMIT,
  onError: (c) => fail(c, 413, 'File size too large. Maximum size is 5MB.'),
});

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The contract's body rules, before any route sees a body: JSON or multipart only (anything else 415),
 * a size limit per kind (413), and JSON that is valid UTF-8 and parses (400). The checked text is left in
 * Hono's body cache, so validators do not read the body again.
 */
export const bodyGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  // HTTP/1.1: a request has a body only when it says so (RFC 9112 §6.3). The Node adapter hands every
  // non-GET request a body stream, even an empty DELETE, so for DELETE the stream is no evidence. (HTTP/2
  // may carry a POST body without either header, hence the stream for the other methods.)
  const length = c.req.header('Content-Length');
  const hasBody =
    length !== undefined
      ? length !== '0'
      : c.req.header('Transfer-Encoding') !== undefined || (c.req.method !== 'DELETE' && c.req.raw.body !== null);
  if (!hasBody) return next();

  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'multipart/form-data') return multipartLimit(c, next);
  if (mediaType !== 'application/json') {
    return fail(c, 415, 'Unsupported content type: send application/json or multipart/form-data');
  }

  const readJson = async () => {
    let text: string;
    try {
      text = utf8.decode(await c.req.arrayBuffer());
    } catch (error) {
      if (error instanceof TypeError) return void (c.res = fail(c, 400, 'Request body is not valid UTF-8'));
      throw error;
    }
    try {
      JSON.parse(text);
    } catch {
      return void (c.res = fail(c, 400, 'Malformed JSON in request body'));
    }
    // Hono's json() parses its cached text, so the checked text is what is left for the validators (else they
    // would read the body again through a Response made for it). The cache holds promises, whatever its type says.
    c.req.bodyCache.text = Promise.resolve(text) as unknown as string;
    await next();
  };
  // A declared length is checked before anything is read, and the body is then read straight from the
  // socket: the stream-counting limit (for bodies of unknown length) costs a registration a fifth of its
  // time on the Node server, which must wrap the body in a web stream for it.
  if (length !== undefined && c.req.header('Transfer-Encoding') === undefined) {
    return Number(length) > JSON_BODY_LIMIT ? fail(c, 413, 'Request body too large') : readJson();
  }
  return jsonLimit(c, readJson);
});
