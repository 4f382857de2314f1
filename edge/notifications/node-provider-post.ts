import http from 'node:http';
import https from 'node:https';
import type { ProviderPost } from './channels';

/**
 * Provider requests on the Node server (channels.ts `ProviderPost`): node:http(s) over kept-alive
 * connections. Node's fetch (undici) cost the sender about 440–750 µs of CPU per call against 100–180 µs
 * for the same request here, and the sender shares the registrations' thread (decision 089). Node only:
 * never in the Worker's bundle, which posts with fetch.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

/** The error a call given up after its deadline fails with (named as fetch's AbortSignal.timeout names it). */
class TimeoutError extends Error {
  override name = 'TimeoutError';
}

export const nodeProviderPost: ProviderPost = (url, { headers, body }, timeoutMs) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') return reject(new Error(`not an http(s) address: ${target.protocol}`));
    const request = (secure ? https : http).request(
      target,
      { method: 'POST', agent: agents[target.protocol as 'http:' | 'https:'], headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          clearTimeout(deadline);
          resolve({ status: response.statusCode ?? 0, text });
        });
        response.on('error', (error) => {
          clearTimeout(deadline);
          reject(error);
        });
      },
    );
    // The whole call's deadline (headers and answer), as fetch's signal bounds it.
    const deadline = setTimeout(() => request.destroy(new TimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
