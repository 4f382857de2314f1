import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { handDecodedBodyToHono } from '../perf/hono-body-cache';
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

/** The one route that takes a form-encoded body (routes/public/sms-inbound.ts). */
const FORM_CALLBACK_PATH = '/api/public/sms-inbound/';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The contract's body rules, before any route sees a body: JSON or multipart only (anything else 415; MSG91's
 * inbound callback also takes a form),
 * a size limit per kind (413), and JSON that is valid UTF-8 (400). The decoded text is handed to Hono, so
 * the validators parse it without reading the body again.
 */
export const bodyGuard = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  // HTTP/1.1: a request has a body only when it says so (RFC 9112 §6.3). The Node adapter hands every
  // non-GET request a body stream, even an empty DELETE, so for DELETE the stream is no evidence. (HTTP/2
  // may carry a POST body without either header, hence the stream for the other methods.)
  const length = c.req.header('Content-Length');
  const hasBody =
    length !== undefined ? length !== '0' : c.req.header('Transfer-Encoding') !== undefined || (c.req.method !== 'DELETE' && c.req.raw.body !== null);
  if (!hasBody) return next();

  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'multipart/form-data') return multipartLimit(c, next);
  // A provider's callback speaks the provider's format: MSG91 forwards an inbound SMS as a form.
  if (mediaType === 'application/x-www-form-urlencoded' && c.req.path.startsWith(FORM_CALLBACK_PATH)) return jsonLimit(c, next);
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
    // Parsed once, by whoever reads the body: the validators answer JSON that does not parse with
    // 400 "Malformed JSON in request body", as does the admin resources' body reader.
    handDecodedBodyToHono(c, text);
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
