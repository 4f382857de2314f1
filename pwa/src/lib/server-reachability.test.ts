import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch } from './api-client';
import { isServerReachable } from './server-reachability';

// A real server that answers, and a port where nothing listens (what a request meets on Wi-Fi that reaches nothing).
let server: Server;
let answering: string;
let nothing: string;
beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(503).end('{}'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  answering = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  nothing = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('whether the server can be reached', () => {
  it('a request that gets no answer makes it unreachable; any answer, even an error status, makes it reachable again', async () => {
    const send = apiFetch();
    await expect(send(`${nothing}/api/health`)).rejects.toThrow();
    expect(isServerReachable()).toBe(false);
    expect((await send(`${answering}/api/health`)).status).toBe(503);
    expect(isServerReachable()).toBe(true);
  });

  it("the caller's own cancel says nothing about the network", async () => {
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(apiFetch()(`${nothing}/api/health`, { signal: cancelled.signal })).rejects.toThrow();
    expect(isServerReachable()).toBe(true);
  });
});
