import type { ApiTarget } from './api-target';

/** What a signed-in test needs of its server: the Node test app and the Worker target both have it. */
interface Server extends Pick<ApiTarget, 'login' | 'createUser'> {
  request(...args: Parameters<ApiTarget['request']>): Response | Promise<Response>;
}

/** A request's answer, read: its status, its body (parsed when it is JSON, else the text) and its headers. */
interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * Sends `body` as JSON (none when undefined) with `token`: the admin's by default, `null` for no login
 * (the public forms), and answers the status and the parsed body.
 */
export type Send = (method: string, path: string, body?: unknown, token?: string | null) => Promise<Answer>;

/** The JSON sender over `server`, signed in with `defaultToken` unless a call gives another token or `null`. */
function jsonSender(server: Pick<Server, 'request'>, defaultToken?: string): Send {
  return async (method, path, body, token = defaultToken) => {
    const res = await server.request(method, path, { json: body, token: token ?? undefined });
    const text = await res.text();
    const isJson = res.headers.get('Content-Type')?.includes('json') && text !== '';
    return { status: res.status, body: isJson ? JSON.parse(text) : text, headers: res.headers };
  };
}

/**
 * The sessions an API test works with: the first admin's token, a staff account made for the test and its
 * token, and `send` signed in as the admin. Call it in `beforeAll` after making the server:
 *
 *     beforeAll(async () => {
 *       t = await makeTestApp();
 *       ({ admin, staff, send } = await signIn(t));
 *     });
 */
export async function signIn(server: Server) {
  const admin = await server.login();
  const staffAccount = await server.createUser('staff');
  const staff = await server.login(staffAccount.email, staffAccount.password);
  return { admin, staff, staffAccount, send: jsonSender(server, admin) };
}
