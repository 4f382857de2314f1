import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { events } from '../db/tables/events';
import { exhibitors, exhibitorStaff } from '../db/tables/exhibitors';
import { exhibitorName } from '../lib/exhibitors';
import { constantTimeEqual } from '../lib/bytes';
import { eventWhen } from '../lib/event-time';
import { hmacSha256 } from '../perf/sha256';
import { indianMobileDigits } from '../../shared/schemas/mobile-number';
import { type Channels, ProviderError, type RenderedMessage } from './channels';
import { type Channel, type ExhibitorTemplate, escapeHtml, type MessageTemplate, messageName, messageText } from './messages';
import type { OutboxRow } from './outbox';

/**
 * The exhibitor portal's messages (issue 32, decision 081): the organiser's invitation, with the link to
 * the portal, and the six-digit sign-in code. Both are rows of the one outbox (outbox.ts
 * `passMessageStatements`, person kind `exhibitor_staff`), so the spending guard's caps, the channels' lanes
 * and the retries are the pass messages' own; only what they say is written here.
 *
 * The code is never stored. Like a pass link, it is made when the message is sent, from the person and the
 * row's time of issue, under a key derived from the server's secret; the sign-in row keeps an HMAC of it.
 */
export const EXHIBITOR_PERSON_KIND = 'exhibitor_staff';
const EXHIBITOR_TEMPLATES: readonly string[] = ['exhibitor_invite', 'exhibitor_code'] satisfies ExhibitorTemplate[];
export const isExhibitorTemplate = (template: string): template is ExhibitorTemplate => EXHIBITOR_TEMPLATES.includes(template);

/** How long a sign-in code works. */
export const SIGN_IN_CODE_TTL_MS = 10 * 60_000;
/** Wrong guesses a code takes before it is spent (the number's throttle counts across codes too). */
export const SIGN_IN_CODE_MAX_GUESSES = 5;

const encoder = new TextEncoder();
const keys = new Map<string, Uint8Array>();
function purposeKey(secret: string, purpose: 'exhibitor sign-in code' | 'exhibitor sign-in code check'): Uint8Array {
  let key = keys.get(`${purpose}|${secret}`);
  if (!key) {
    key = hmacSha256(encoder.encode(secret), encoder.encode(`eventpro ${purpose} v1`));
    keys.set(`${purpose}|${secret}`, key);
  }
  return key;
}

/** The six digits sent to `staffId` for a code issued at `issuedAt` (the outbox row's creation time). */
export function signInCode(secret: string, staffId: string, issuedAt: Date): string {
  const mac = hmacSha256(purposeKey(secret, 'exhibitor sign-in code'), encoder.encode(`${staffId}|${issuedAt.toISOString()}`));
  // 48 bits modulo a million: a bias below one in 10^8.
  let n = 0;
  for (let i = 0; i < 6; i++) n = n * 256 + mac[i]!;
  return String(n % 1_000_000).padStart(6, '0');
}

/** What a sign-in row stores of its code: an HMAC under a key of its own (hex). */
export function signInCodeHash(secret: string, staffId: string, issuedAt: Date, code: string): string {
  const mac = hmacSha256(purposeKey(secret, 'exhibitor sign-in code check'), encoder.encode(`${staffId}|${issuedAt.toISOString()}|${code}`));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether `code` is the one of the sign-in row, in constant time. */
export function signInCodeMatches(secret: string, row: { staffId: string; issuedAt: string; codeHash: string }, code: string): boolean {
  const typed = encoder.encode(signInCodeHash(secret, row.staffId, new Date(row.issuedAt), code));
  return constantTimeEqual(typed, encoder.encode(row.codeHash));
}

/** The portal's sign-in page, the mobile number filled in (its ten digits for an Indian number). */
export function portalSignInUrl(origin: string, mobileNumber: string): string {
  const shown = indianMobileDigits(mobileNumber) ?? mobileNumber;
  return `${origin}/exhibitor/sign-in?m=${encodeURIComponent(shown)}`;
}

interface ExhibitorMessageView {
  name: string;
  mobileNumber: string;
  company: string;
  eventName: string;
  startDateTime: string;
  endDateTime: string;
}

async function viewOf(db: Database, staffId: string): Promise<ExhibitorMessageView | undefined> {
  const [row] = await db
    .select({
      name: exhibitorStaff.name,
      mobileNumber: exhibitorStaff.mobileNumber,
      disabled: exhibitorStaff.disabled,
      company: exhibitorName,
      eventName: events.eventName,
      startDateTime: events.startDateTime,
      endDateTime: events.endDateTime,
    })
    .from(exhibitorStaff)
    .innerJoin(exhibitors, eq(exhibitors.id, exhibitorStaff.exhibitorId))
    .innerJoin(events, eq(events.id, exhibitors.eventId))
    .where(eq(exhibitorStaff.id, staffId))
    .limit(1);
  if (!row || row.disabled) return undefined;
  return row;
}

const GONE = 'not sent: the exhibitor or its person no longer exists';
const NO_SMS_TEMPLATE = 'not sent: no SMS template registered for this message';

/**
 * An exhibitor message's row written for its channel, read now from the person, the booking and the event.
 * A person removed since it was queued gets nothing.
 */
export async function renderExhibitorMessage(
  deps: { db: Database; channels: Channels; linkSecret: string },
  row: OutboxRow & { template: MessageTemplate },
): Promise<RenderedMessage> {
  const view = await viewOf(deps.db, row.personId);
  if (!view) throw new ProviderError(GONE, true);
  const { origin } = JSON.parse(row.payload) as { origin: string };
  const link = portalSignInUrl(origin, view.mobileNumber);
  const name = messageName(view.name);
  const event = messageText(view.eventName, 100);
  const channel = row.channel as Channel;
  if (row.template === 'exhibitor_code') {
    const code = signInCode(deps.linkSecret, row.personId, new Date(row.createdAt));
    // An authentication template: the code in its body and in its copy-code button (the person taps to copy it).
    if (channel === 'whatsapp') return { channel, template: deps.channels.whatsapp?.codeTemplate ?? '', parameters: [code], copyCode: code };
    if (channel === 'sms') {
      if (!deps.channels.sms?.codeTemplateId) throw new ProviderError(NO_SMS_TEMPLATE, true);
      return { channel, templateId: deps.channels.sms.codeTemplateId, variables: { code } };
    }
    const lines = [
      `${code} is your code to sign in to the exhibitor portal of ${event}.`,
      'It works once, for 10 minutes.',
      'If you did not ask for it, ignore this message.',
    ];
    return {
      channel,
      mail: {
        subject: `${code} is your exhibitor portal code`,
        text: [`Hello ${name},`, '', ...lines].join('\n'),
        html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>Hello ${escapeHtml(name)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}</body></html>`,
        attachments: [],
      },
    };
  }
  const company = messageText(view.company || 'your company', 60);
  if (channel === 'whatsapp') return { channel, template: deps.channels.whatsapp?.inviteTemplate ?? '', parameters: [name, company, event, link] };
  if (channel === 'sms') {
    if (!deps.channels.sms?.inviteTemplateId) throw new ProviderError(NO_SMS_TEMPLATE, true);
    const digits = link.slice(link.indexOf('?m=') + 3);
    return { channel, templateId: deps.channels.sms.inviteTemplateId, variables: { name, event: messageText(view.eventName, 30), mobile: digits } };
  }
  const lines = [
    `The organisers of ${event} (${messageText(eventWhen(view.startDateTime, view.endDateTime), 100)}) invite ${company} to its exhibitor portal: your booking, its payment and your staff.`,
    'Sign in with your mobile number; a one-time code comes to this phone. No password to keep.',
  ];
  return {
    channel,
    mail: {
      subject: `Your exhibitor portal for ${event}`,
      text: [`Hello ${name},`, '', ...lines, '', `Open the portal: ${link}`].join('\n'),
      html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5"><p>Hello ${escapeHtml(name)},</p>${lines
        .map((l) => `<p>${escapeHtml(l)}</p>`)
        .join('')}<p><a href="${escapeHtml(link)}">Open the exhibitor portal</a></p></body></html>`,
      attachments: [],
    },
  };
}
