import type { Channel, PassMessage, PassTemplate } from './messages';
import { renderMail, smsVariables, whatsappParameters } from './messages';
import { providerDigits } from './recipient';

/**
 * The channels messages go out through, each chosen by environment variables (README: Environment). A
 * channel absent here is "not configured": its messages are recorded `not_sent`, never an error.
 *
 * - e-mail: a `Mailer` — SMTP through nodemailer on Node (`smtp-mailer.ts`, never in the Worker's
 *   bundle), or Resend's HTTP API (`resend-mailer.ts`, both runtimes);
 * - WhatsApp: the Business Cloud API's template message;
 * - SMS: MSG91's Flow API (a DLT-registered template, as Indian SMS requires).
 */
export interface Mailer {
  /** Sends one e-mail; answers the provider's message id. `id` is the message's own (Resend's Idempotency-Key). */
  send(mail: {
    id: string;
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments: Array<{ filename: string; content: string; contentType: string }>;
  }): Promise<string>;
}

/**
 * One provider request: a POST of `body` with `headers`, given up after `timeoutMs` (an error named
 * `TimeoutError`); answers the status and the answer's text. `fetchPost` on Workers; on Node
 * `nodeProviderPost` (node-provider-post.ts), node:http over kept-alive connections, because Node's fetch
 * cost the sender 3–4 times the CPU per message (decision 089).
 */
export type ProviderPost = (
  url: string,
  request: { headers: Record<string, string>; body: string },
  timeoutMs: number,
) => Promise<{ status: number; text: string }>;

export const fetchPost: ProviderPost = async (url, { headers, body }, timeoutMs) => {
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, text: await res.text() };
};

interface WhatsappConfig {
  /** How its requests are made (ProviderPost). */
  post: ProviderPost;
  /** `https://graph.facebook.com` in production; a test server in tests. */
  baseUrl: string;
  version: string;
  phoneNumberId: string;
  token: string;
  template: string;
  /** The exhibitor portal's templates (issue 32): its invitation (name, company, event, link) and its sign-in code. */
  inviteTemplate: string;
  codeTemplate: string;
  language: string;
  /**
   * The languages the pass template (`template`) is approved in besides `language`, each a language code of
   * Meta's (`te`, `hi`): a pass of a person who registered in one of them goes in it (decision 087).
   */
  passLanguages: string[];
  /** The Meta app's secret, which signs the webhook's requests (X-Hub-Signature-256): inbound "STOP". */
  appSecret?: string;
  /** The token Meta echoes when the webhook is set up (hub.verify_token). */
  verifyToken?: string;
}

interface SmsConfig {
  /** How its requests are made (ProviderPost). */
  post: ProviderPost;
  /** `https://control.msg91.com` in production. */
  baseUrl: string;
  authKey: string;
  templateId: string;
  /**
   * The secret in the path of the inbound SMS callback (`/api/public/sms-inbound/<token>`), which MSG91
   * forwards replies to (inbound "STOP"): MSG91 does not sign those requests, so the unguessable path is their proof.
   */
  inboundToken?: string;
  /** The exhibitor portal's DLT templates; without one, that message goes by WhatsApp and e-mail only. */
  inviteTemplateId?: string;
  codeTemplateId?: string;
}

export interface Channels {
  email?: { from: string; mailer: Mailer };
  whatsapp?: WhatsappConfig;
  sms?: SmsConfig;
}

export const NOT_CONFIGURED = 'not sent: no channel configured';

/** Why a channel is off, naming the variables that turn it on (never their values): shown to admins by the panel. */
const CHANNEL_SETUP: Record<Channel, string> = {
  email: 'E-mail is not configured on the server: set SMTP_URL and MAIL_FROM (or RESEND_API_KEY and MAIL_FROM).',
  whatsapp: 'WhatsApp is not configured on the server: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID.',
  sms: 'SMS is not configured on the server: set MSG91_AUTH_KEY and MSG91_TEMPLATE_ID.',
};
const MESSAGES_OFF = 'Messages are off on the server: set PUBLIC_ORIGIN (the address pass links point at).';

/** Whether a channel sends; when not, why (in words an organiser can pass to whoever runs the server). */
export type ChannelState = { configured: true } | { configured: false; why: string };

/**
 * Each channel's state, as admins are told it (`GET /api/<resource>/:id/messages`): configured by its
 * variables, and messages on at all (PUBLIC_ORIGIN). Says nothing of any secret but whether it is set.
 */
export function channelStates(channels: Channels, publicOrigin: string | undefined): Record<Channel, ChannelState> {
  const state = (channel: Channel): ChannelState =>
    !channels[channel] ? { configured: false, why: CHANNEL_SETUP[channel] } : publicOrigin ? { configured: true } : { configured: false, why: MESSAGES_OFF };
  return { email: state('email'), whatsapp: state('whatsapp'), sms: state('sms') };
}

/**
 * A provider's refusal: `permanent` ones (a 4xx other than 408/429) are not retried. `code` is what the
 * log may say of it (`HTTP 400`, `SMTP 550`, `network`, `timeout`): never the provider's text, which may
 * name the person (their address, their number).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code = 'refused',
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The loggable kind of a send's failure (see ProviderError). */
export const providerErrorCode = (error: unknown) => (error instanceof ProviderError ? error.code : 'error');

/**
 * How long one provider call may take before it counts as failed (and is retried): each channel has its
 * own lane (dispatcher.ts), so this bounds how long one slow provider holds up its own next messages.
 */
const PROVIDER_TIMEOUT_MS = 10_000;

/** Environment variables of the channels, as both runtimes read them (process.env or the Worker's bindings). */
export interface ChannelEnv {
  MAIL_FROM?: string;
  RESEND_API_KEY?: string;
  RESEND_API_URL?: string;
  WHATSAPP_TOKEN?: string;
  WHATSAPP_PHONE_NUMBER_ID?: string;
  WHATSAPP_TEMPLATE?: string;
  WHATSAPP_TEMPLATE_LANGUAGE?: string;
  WHATSAPP_TEMPLATE_LANGUAGES?: string;
  WHATSAPP_INVITE_TEMPLATE?: string;
  WHATSAPP_CODE_TEMPLATE?: string;
  WHATSAPP_API_URL?: string;
  WHATSAPP_API_VERSION?: string;
  WHATSAPP_APP_SECRET?: string;
  WHATSAPP_VERIFY_TOKEN?: string;
  MSG91_AUTH_KEY?: string;
  MSG91_TEMPLATE_ID?: string;
  MSG91_INVITE_TEMPLATE_ID?: string;
  MSG91_CODE_TEMPLATE_ID?: string;
  MSG91_API_URL?: string;
  MSG91_INBOUND_TOKEN?: string;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/** WhatsApp and SMS from their variables (each needs all of its required ones). */
export function phoneChannels(env: ChannelEnv, post: ProviderPost = fetchPost): Pick<Channels, 'whatsapp' | 'sms'> {
  const channels: Pick<Channels, 'whatsapp' | 'sms'> = {};
  const token = trimmed(env.WHATSAPP_TOKEN);
  const phoneNumberId = trimmed(env.WHATSAPP_PHONE_NUMBER_ID);
  if (token && phoneNumberId) {
    channels.whatsapp = {
      post,
      baseUrl: (trimmed(env.WHATSAPP_API_URL) ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
      version: trimmed(env.WHATSAPP_API_VERSION) ?? 'v21.0',
      phoneNumberId,
      token,
      template: trimmed(env.WHATSAPP_TEMPLATE) ?? 'event_pass',
      inviteTemplate: trimmed(env.WHATSAPP_INVITE_TEMPLATE) ?? 'exhibitor_invite',
      codeTemplate: trimmed(env.WHATSAPP_CODE_TEMPLATE) ?? 'exhibitor_code',
      language: trimmed(env.WHATSAPP_TEMPLATE_LANGUAGE) ?? 'en',
      passLanguages: (env.WHATSAPP_TEMPLATE_LANGUAGES ?? '')
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean),
      appSecret: trimmed(env.WHATSAPP_APP_SECRET),
      verifyToken: trimmed(env.WHATSAPP_VERIFY_TOKEN),
    };
  }
  const authKey = trimmed(env.MSG91_AUTH_KEY);
  const templateId = trimmed(env.MSG91_TEMPLATE_ID);
  if (authKey && templateId) {
    const inboundToken = trimmed(env.MSG91_INBOUND_TOKEN);
    // The callback's only proof is this secret: a guessable one stops the start.
    if (inboundToken && !/^[A-Za-z0-9_-]{32,200}$/.test(inboundToken)) {
      throw new Error('MSG91_INBOUND_TOKEN must be at least 32 letters, digits, _ or - (e.g. openssl rand -hex 24)');
    }
    channels.sms = {
      post,
      baseUrl: (trimmed(env.MSG91_API_URL) ?? 'https://control.msg91.com').replace(/\/+$/, ''),
      authKey,
      templateId,
      inviteTemplateId: trimmed(env.MSG91_INVITE_TEMPLATE_ID),
      codeTemplateId: trimmed(env.MSG91_CODE_TEMPLATE_ID),
      inboundToken,
    };
  }
  return channels;
}

async function providerCall(post: ProviderPost, url: string, request: { headers: Record<string, string>; body: string }): Promise<unknown> {
  let res: { status: number; text: string };
  try {
    res = await post(url, request, PROVIDER_TIMEOUT_MS);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new ProviderError(`network: ${error instanceof Error ? error.message : String(error)}`, false, timedOut ? 'timeout' : 'network');
  }
  const { text } = res;
  if (res.status < 200 || res.status > 299) {
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
    throw new ProviderError(`HTTP ${res.status}: ${text.slice(0, 300)}`, permanent, `HTTP ${res.status}`);
  }
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

/**
 * A message as its channel sends it: an e-mail's subject, texts and files; a WhatsApp template's name and
 * body values; an SMS (MSG91 Flow) template's id and variables. A pass message and a group message
 * (group-messages.ts) are both written into one of these.
 */
export type RenderedMessage =
  | { channel: 'email'; mail: Omit<Parameters<Mailer['send']>[0], 'id' | 'from' | 'to'> }
  | {
      channel: 'whatsapp';
      template: string;
      parameters: string[];
      /** The template's language code, when not the configured one (an approved translation, decision 087). */
      language?: string;
      /**
       * An authentication template's one-time code: sent again as its copy-code button's parameter (a button of
       * `sub_type` url, index 0), as Meta documents for sending authentication templates; the body has it too.
       */
      copyCode?: string;
    }
  | { channel: 'sms'; templateId: string; variables: Record<string, string> };

type WhatsappMessage = Extract<RenderedMessage, { channel: 'whatsapp' }>;

/** `POST {base}/{version}/{phone-number-id}/messages`: a template message with its body values (and an authentication template's copy-code button). */
async function sendWhatsapp(
  config: WhatsappConfig,
  to: string,
  { template, parameters, language = config.language, copyCode }: WhatsappMessage,
): Promise<string> {
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: providerDigits(to),
    type: 'template',
    template: {
      name: template,
      language: { code: language },
      components: [
        { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
        ...(copyCode ? [{ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: copyCode }] }] : []),
      ],
    },
  };
  const answer = (await providerCall(config.post, `${config.baseUrl}/${config.version}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
    headers: { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })) as { messages?: Array<{ id?: string }> };
  return answer.messages?.[0]?.id ?? '';
}

/** `POST {base}/api/v5/flow` (MSG91): the template's variables per recipient, `authkey` header. */
async function sendSms(config: SmsConfig, to: string, templateId: string, variables: Record<string, string>): Promise<string> {
  const answer = (await providerCall(config.post, `${config.baseUrl}/api/v5/flow`, {
    headers: { authkey: config.authKey, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ template_id: templateId, short_url: '0', recipients: [{ mobiles: providerDigits(to), ...variables }] }),
  })) as { type?: string; message?: string };
  if (answer.type && answer.type !== 'success') throw new ProviderError(`MSG91: ${answer.message ?? answer.type}`, false, `MSG91 ${answer.type}`);
  return answer.message ?? '';
}

/** A pass message as its channel sends it (the configured templates). */
export function renderPassMessage(channels: Channels, channel: Channel, template: PassTemplate, payload: PassMessage, now: Date): RenderedMessage {
  if (channel === 'email') return { channel, mail: renderMail(template, payload, now) };
  if (channel === 'whatsapp') {
    // Meta sends only a template approved in the language asked for: the holder's when the template is, else the configured one.
    const approved = payload.language && channels.whatsapp?.passLanguages.includes(payload.language);
    return {
      channel,
      template: channels.whatsapp?.template ?? '',
      parameters: whatsappParameters(payload),
      ...(approved ? { language: payload.language } : {}),
    };
  }
  return { channel, templateId: channels.sms?.templateId ?? '', variables: smsVariables(payload) };
}

/** Sends one message through its channel; answers the provider's message id. */
export async function sendThrough(channels: Channels, message: { id: string; recipient: string; rendered: RenderedMessage }): Promise<string> {
  const { id, recipient, rendered } = message;
  if (rendered.channel === 'email') {
    if (!channels.email) throw new ProviderError(NOT_CONFIGURED, true);
    return channels.email.mailer.send({ id, from: channels.email.from, to: recipient, ...rendered.mail });
  }
  if (rendered.channel === 'whatsapp') {
    if (!channels.whatsapp) throw new ProviderError(NOT_CONFIGURED, true);
    return sendWhatsapp(channels.whatsapp, recipient, rendered);
  }
  if (!channels.sms) throw new ProviderError(NOT_CONFIGURED, true);
  return sendSms(channels.sms, recipient, rendered.templateId, rendered.variables);
}

/**
 * Resend (resend.com): `POST {base}/emails`, Bearer key, attachments as base64, through `post` (either
 * runtime). The message's id is its `Idempotency-Key` (Resend keeps keys 24 hours): a send repeated after a
 * crash or a lapsed claim is answered with the first one's id, not delivered twice.
 */
function resendMailer(post: ProviderPost, apiKey: string, baseUrl = 'https://api.resend.com'): Mailer {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async send(mail) {
      const answer = (await providerCall(post, `${base}/emails`, {
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': `pass-message/${mail.id}` },
        body: JSON.stringify({
          from: mail.from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments.map((a) => ({ filename: a.filename, content: base64(a.content), content_type: a.contentType })),
        }),
      })) as { id?: string };
      return answer.id ?? '';
    },
  };
}

/** The e-mail channel from RESEND_API_KEY and MAIL_FROM (the Workers' e-mail; Node prefers SMTP_URL). */
export function resendChannel(env: ChannelEnv, post: ProviderPost = fetchPost): Channels['email'] {
  const key = trimmed(env.RESEND_API_KEY);
  const from = trimmed(env.MAIL_FROM);
  if (!key || !from) return undefined;
  return { from, mailer: resendMailer(post, key, trimmed(env.RESEND_API_URL)) };
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * What the server says at start about messages: where pass links point and which channels are on — or
 * that nothing is queued without PUBLIC_ORIGIN (a link must never be built from a request's Host).
 */
export function messagingStatus(publicOrigin: string | undefined, channels: Channels): string {
  const on = (['email', 'whatsapp', 'sms'] as const).filter((channel) => channels[channel]);
  if (!publicOrigin) {
    return on.length
      ? `Messages: OFF — PUBLIC_ORIGIN is not set, so no pass message is queued (channels configured: ${on.join(', ')}). Set PUBLIC_ORIGIN=https://your.site to send them.`
      : 'Messages: off (no PUBLIC_ORIGIN, no channel configured).';
  }
  return `Messages: pass links point at ${publicOrigin}; channels: ${on.length ? on.join(', ') : 'none configured'}.`;
}
