/**
 * Real local servers of the providers' protocols, for tests: an SMTP server (smtp-server) that keeps every
 * message it receives, parsed (mailparser), and an HTTP server that answers WhatsApp's Cloud API,
 * MSG91's Flow API and Resend's e-mail API the way they document, after checking each request's URL, headers and body; it can be
 * told to fail the next requests with a 5xx, as a provider having a bad minute does.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtpServer() {
  const received: ParsedMail[] = [];
  const envelopes: Array<{ from: string; to: string[] }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          envelopes.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, envelopes, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface ProviderRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** When it arrived (ms since the epoch). */
  at: number;
}

/** `codeTemplate`: the exhibitor sign-in code's authentication template (the server's default name, WHATSAPP_CODE_TEMPLATE unset). */
export const WHATSAPP_TEST = { token: 'test-whatsapp-token', phoneNumberId: '109876543210', version: 'v21.0', codeTemplate: 'exhibitor_code' };
export const MSG91_TEST = {
  authKey: 'test-msg91-authkey',
  templateId: '64f0c0ffee0123456789abcd',
  /** The exhibitor portal's DLT templates: its invitation and its sign-in code. */
  inviteTemplateId: '64f0c0ffee0123456789abce',
  codeTemplateId: '64f0c0ffee0123456789abcf',
};
export const RESEND_TEST = { apiKey: 're_test_key_0123456789' };

/** Why a request does not have the documented shape, or null when it does. */
function shapeProblem(r: ProviderRequest): string | null {
  const json = String(r.headers['content-type'] ?? '').startsWith('application/json');
  if (r.path === `/${WHATSAPP_TEST.version}/${WHATSAPP_TEST.phoneNumberId}/messages`) {
    if (r.method !== 'POST' || !json) return 'WhatsApp: POST with a JSON body';
    if (r.headers.authorization !== `Bearer ${WHATSAPP_TEST.token}`) return 'WhatsApp: Bearer token';
    const b = r.body as {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: Array<{ type: string; sub_type?: string; index?: string | number; parameters: Array<{ type: string; text: string }> }>;
      };
    };
    if (b.messaging_product !== 'whatsapp' || b.type !== 'template') return 'WhatsApp: messaging_product whatsapp, type template';
    if (!/^\d{8,15}$/.test(b.to ?? '')) return 'WhatsApp: to is the number with its country code, digits only';
    if (!b.template?.name || !b.template.language?.code) return 'WhatsApp: template name and language code';
    const body = b.template.components?.find((c) => c.type === 'body');
    if (!body?.parameters.every((p) => p.type === 'text' && typeof p.text === 'string' && p.text.length > 0)) return 'WhatsApp: body parameters of type text';
    // Meta refuses a text parameter with a new line, a tab or more than 4 consecutive spaces (error 132018).
    if (body.parameters.some((p) => /[\n\t]/.test(p.text) || / {5,}/.test(p.text)))
      return 'WhatsApp: (#132018) Param text cannot have new-line/tab characters or more than 4 consecutive spaces';
    // An authentication template with a copy-code button is sent with the code twice: as the body's parameter
    // and as the button's (a `button` component, sub_type url, index 0, one text parameter), as Meta documents.
    const buttons = b.template.components?.filter((c) => c.type === 'button') ?? [];
    if (b.template.name === WHATSAPP_TEST.codeTemplate) {
      const [button] = buttons;
      if (buttons.length !== 1 || button?.sub_type !== 'url' || String(button.index) !== '0')
        return 'WhatsApp: an authentication template has one button component, sub_type url, index 0';
      if (button.parameters.length !== 1 || button.parameters[0]?.type !== 'text' || button.parameters[0].text !== body.parameters[0]?.text)
        return "WhatsApp: the copy-code button's one text parameter is the code of the body";
    } else if (buttons.length) return 'WhatsApp: a button component on a template that has none';
    return null;
  }
  if (r.path === '/emails') {
    if (r.method !== 'POST' || !json) return 'Resend: POST with a JSON body';
    if (r.headers.authorization !== `Bearer ${RESEND_TEST.apiKey}`) return 'Resend: Bearer API key';
    const key = r.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > 256)) return 'Resend: Idempotency-Key of at most 256 characters';
    const b = r.body as { from?: string; to?: string[]; subject?: string; text?: string; attachments?: Array<{ filename?: string; content?: string }> };
    if (!b.from || !Array.isArray(b.to) || !b.to.length || !b.subject || !b.text) return 'Resend: from, to[], subject, text';
    if (!(b.attachments ?? []).every((a) => a.filename && typeof a.content === 'string' && /^[A-Za-z0-9+/]+=*$/.test(a.content)))
      return 'Resend: attachments with filename and base64 content';
    return null;
  }
  if (r.path === '/api/v5/flow') {
    if (r.method !== 'POST' || !json) return 'MSG91: POST with a JSON body';
    if (r.headers.authkey !== MSG91_TEST.authKey) return 'MSG91: authkey header';
    const b = r.body as { template_id?: string; recipients?: Array<Record<string, string>> };
    if (![MSG91_TEST.templateId, MSG91_TEST.inviteTemplateId, MSG91_TEST.codeTemplateId].includes(b.template_id ?? '')) return 'MSG91: template_id';
    if (!b.recipients?.length || !b.recipients.every((x) => /^\d{10,15}$/.test(x.mobiles ?? '')))
      return 'MSG91: recipients with mobiles in international format without +';
    // India's DLT scrubbing refuses a variable's value over 30 characters.
    if (b.recipients.some((x) => Object.entries(x).some(([name, value]) => name !== 'mobiles' && (typeof value !== 'string' || [...value].length > 30))))
      return 'MSG91: DLT template variables of at most 30 characters';
    return null;
  }
  return `unknown path ${r.path}`;
}

/**
 * An SMTP server that accepts connections and never says a word (no greeting): what a stuck mail relay
 * looks like to nodemailer. Counts the connections it holds.
 */
export async function startSilentSmtpServer() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createNetServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function startPhoneProviders() {
  const requests: ProviderRequest[] = [];
  const control = { failNext: 0, failStatus: 503, delayMs: 0 };
  let sequence = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      void (async () => {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          // checked below
        }
        const request: ProviderRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() };
        requests.push(request);
        if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
        res.setHeader('Content-Type', 'application/json');
        if (control.failNext > 0) {
          control.failNext--;
          res.statusCode = control.failStatus;
          return res.end(JSON.stringify({ error: { message: 'Service temporarily unavailable' } }));
        }
        const problem = shapeProblem(request);
        if (problem) {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: { message: problem } }));
        }
        const id = ++sequence;
        if (request.path === '/api/v5/flow') return res.end(JSON.stringify({ type: 'success', message: `3163${id}` }));
        if (request.path === '/emails') return res.end(JSON.stringify({ id: `49a3999c-0ce1-4ea6-ab68-afcd6dc2e${String(id).padStart(3, '0')}` }));
        const to = (body as { to: string }).to;
        return res.end(JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.TEST${id}` }] }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, control, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * MSG91's inbound SMS as it reaches a callback URL: a virtual number's message (it starts with the
 * organiser's keyword) forwarded with the sender's number in international digits without `+`, the text and
 * the keyword, as a query string (GET) or a form (POST). MSG91 signs nothing: the URL's path is the secret.
 */
export const MSG91_INBOUND_TEST = { token: 'msg91-inbound-0123456789abcdef0123456789', keyword: 'EXPOSTOP' };
export function msg91InboundForward(sender: string, message: string): Record<string, string> {
  return { sender, message, keyword: MSG91_INBOUND_TEST.keyword };
}

/** The environment that points the server's WhatsApp and SMS channels at `url` (a server started above). */
export function phoneProviderEnv(url: string): Record<string, string> {
  return {
    WHATSAPP_TOKEN: WHATSAPP_TEST.token,
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_TEST.phoneNumberId,
    WHATSAPP_API_VERSION: WHATSAPP_TEST.version,
    WHATSAPP_API_URL: url,
    MSG91_AUTH_KEY: MSG91_TEST.authKey,
    MSG91_TEMPLATE_ID: MSG91_TEST.templateId,
    MSG91_INVITE_TEMPLATE_ID: MSG91_TEST.inviteTemplateId,
    MSG91_CODE_TEMPLATE_ID: MSG91_TEST.codeTemplateId,
    MSG91_API_URL: url,
  };
}

/** Cloudflare's documented Turnstile test keys (developers.cloudflare.com/turnstile/troubleshooting/testing). */
export const TURNSTILE_TEST = {
  /** Always passes (visible widget). */
  siteKey: '1x00000000000000000000AA',
  /** Always passes validation. */
  passingSecret: '1x0000000000000000000000000000000AA',
  /** Always fails validation. */
  failingSecret: '2x0000000000000000000000000000000AA',
  /** Answers "token already spent". */
  spentSecret: '3x0000000000000000000000000000000AA',
  /** The token the test site keys' widgets produce. */
  dummyToken: 'XXXX.DUMMY.TOKEN.XXXX',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A local server of Turnstile's siteverify protocol (`POST /turnstile/v0/siteverify`, JSON or form-encoded
 * `secret`, `response`, `remoteip`, `idempotency_key`), answering as Cloudflare documents for its test
 * secret keys. It checks the request's shape (a request without a secret or response, a token over 2,048
 * characters or an idempotency key that is not a UUID is `bad-request`), and it treats a token as single
 * use: the same token verified again answers `timeout-or-duplicate`, unless under the same idempotency key.
 */
export async function startSiteverifyServer() {
  const requests: Array<{ contentType: string; body: Record<string, string> }> = [];
  const verified = new Map<string, string>();
  const control = { failNext: 0 };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const contentType = String(req.headers['content-type'] ?? '');
      let body: Record<string, string> = {};
      try {
        body = contentType.startsWith('application/json') ? (JSON.parse(raw) as Record<string, string>) : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        // a body that is neither: bad-request below
      }
      requests.push({ contentType, body });
      res.setHeader('Content-Type', 'application/json');
      if (control.failNext > 0) {
        control.failNext--;
        res.statusCode = 503;
        return res.end('{}');
      }
      const answer = (success: boolean, codes: string[] = []) =>
        res.end(
          JSON.stringify(
            success ? { success, 'error-codes': codes, challenge_ts: new Date().toISOString(), hostname: 'example.com' } : { success, 'error-codes': codes },
          ),
        );
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') {
        res.statusCode = 405;
        return answer(false, ['bad-request']);
      }
      const { secret, response, remoteip, idempotency_key: key } = body;
      if (!secret) return answer(false, ['missing-input-secret']);
      if (!response) return answer(false, ['missing-input-response']);
      if (response.length > 2048 || (remoteip !== undefined && typeof remoteip !== 'string') || (key !== undefined && !UUID.test(key)))
        return answer(false, ['bad-request']);
      if (secret === TURNSTILE_TEST.failingSecret) return answer(false, ['invalid-input-response']);
      if (secret === TURNSTILE_TEST.spentSecret) return answer(false, ['timeout-or-duplicate']);
      if (secret !== TURNSTILE_TEST.passingSecret) return answer(false, ['invalid-input-secret']);
      const firstKey = verified.get(response);
      if (firstKey !== undefined && (!key || firstKey !== key)) return answer(false, ['timeout-or-duplicate']);
      verified.set(response, key ?? '');
      return answer(true);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    control,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The API path that confirms the address a confirmation e-mail went to (its `/confirm-email/<token>` link's page posts there). */
export function confirmationPath(mailText: string): string {
  const token = /\/confirm-email\/([A-Za-z0-9_-]{52})/.exec(mailText)?.[1];
  if (!token) throw new Error('No confirmation link in this message');
  return `/api/public/email-confirmations/${token}`;
}
