import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { SqlStatement, SqlValue } from '../db/sql-statement';
import type { Channel } from './messages';

/**
 * The spending guard of paid messages (WhatsApp and SMS cost the organiser money per message; e-mail does
 * not): where they may go and how many may go, set by the organiser in Settings (decision 044).
 *
 * - Countries: a paid message goes only to a mobile number of an allowed country calling code (India, 91,
 *   by default). Numbers that are not mobiles by their country's numbering plan (premium rate, shared cost,
 *   toll-free, VoIP, personal, pager, UAN: libphonenumber's full metadata) and the international
 *   premium and special ranges (+979, +881–883, +870, +800, +808, +888) are refused whatever the list says.
 * - Caps: site-wide per hour and per day, per number per day, per client network (/24 or /64 of the
 *   registration's address) per hour. A message beyond a cap is not dropped: it waits, with its reason in
 *   the panel, until the window that has room.
 * - One paid message per pass by default: WhatsApp, and SMS only when WhatsApp is not configured or the
 *   WhatsApp message finally fails (`smsAlsoWhenWhatsapp` sends both).
 */
export interface MessageGuard {
  /** Country calling codes paid messages may go to, without `+` (e.g. `91`). */
  allowedCountryCodes: string[];
  paidPerHour: number;
  paidPerDay: number;
  paidPerNumberPerDay: number;
  paidPerNetworkPerHour: number;
  smsAlsoWhenWhatsapp: boolean;
  /**
   * When the public forms ask for a human check (Cloudflare Turnstile, routes/public/human-check.ts):
   * `busy` while this hour's or today's paid messages have reached `humanCheckAtPercent` of the cap.
   */
  humanCheck: 'off' | 'busy' | 'always';
  humanCheckAtPercent: number;
}

export const DEFAULT_MESSAGE_GUARD: MessageGuard = {
  allowedCountryCodes: ['91'],
  // A crowd at the gates of a two-day expo: a few thousand passes a day, at most ~1,000 in a busy hour.
  paidPerHour: 1_000,
  paidPerDay: 5_000,
  paidPerNumberPerDay: 5,
  // Generous: mobile carriers put many real visitors behind one /24 (CGNAT), and a wait here delays a real pass.
  paidPerNetworkPerHour: 300,
  smsAlsoWhenWhatsapp: false,
  // Half the hour's cap: a pumping script meets the check long before the cap stops real visitors' passes.
  humanCheck: 'busy',
  humanCheckAtPercent: 50,
};

export const PAID_CHANNELS: readonly Channel[] = ['whatsapp', 'sms'];
export const isPaidChannel = (channel: string) => channel === 'whatsapp' || channel === 'sms';

/** Never a paid message, whatever the organiser allows: international premium and special services. */
const ALWAYS_REFUSED_CODES = ['979', '881', '882', '883', '870', '800', '808', '888'];
/** Number types a WhatsApp or SMS may go to (libphonenumber's `getType()`). */
const MOBILE_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);
/** An Indian mobile number (the 6–9 series): known without parsing, the case of nearly every registration. */
const INDIAN_MOBILE = /^\+91[6-9]\d{9}$/;

/** Why a paid message may not go to the E.164 number `e164`, or null when it may. */
export function paidRecipientRefusal(e164: string, guard: Pick<MessageGuard, 'allowedCountryCodes'>): string | null {
  const digits = e164.replace(/^\+/, '');
  if (ALWAYS_REFUSED_CODES.some((code) => digits.startsWith(code))) return 'not sent: premium or special number';
  // Calling codes are prefix-free (ITU-T E.164): a number starts with exactly one country's code.
  if (!guard.allowedCountryCodes.some((code) => digits.startsWith(code))) return 'not sent: country not allowed for paid messages';
  if (INDIAN_MOBILE.test(e164)) return null;
  const type = parsePhoneNumberFromString(e164)?.getType();
  return type && MOBILE_TYPES.has(type) ? null : 'not sent: not a mobile number (premium, toll-free or special)';
}

/** The network a client address belongs to for the per-network cap: its /24 (IPv4) or /64 (IPv6). */
export function networkOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (address.includes(':')) {
    const [head = '', tail = ''] = address.toLowerCase().split('::');
    const front = head ? head.split(':') : [];
    const back = tail ? tail.split(':') : [];
    const groups = address.includes('::') ? [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back] : front;
    return `${groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return address;
}

/** India's time (the organiser's day): UTC+5:30, no daylight saving. */
const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The current hour and day windows (in India's time) and when each ends. */
export function guardWindows(now: Date) {
  const local = now.getTime() + IST_OFFSET_MS;
  const hourStart = Math.floor(local / HOUR_MS) * HOUR_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  const iso = (localMs: number) => new Date(localMs).toISOString();
  return {
    hour: iso(hourStart).slice(0, 13),
    day: iso(dayStart).slice(0, 10),
    /** UTC instants (what next_attempt_at holds). */
    hourEnd: new Date(hourStart + HOUR_MS - IST_OFFSET_MS).toISOString(),
    dayEnd: new Date(dayStart + DAY_MS - IST_OFFSET_MS).toISOString(),
  };
}

export const siteHourKey = (hour: string) => `paid:hour:${hour}`;
export const siteDayKey = (day: string) => `paid:day:${day}`;

/** The waiting reasons a message beyond a cap shows in the panel (status stays `queued`). */
export const WAITING = {
  hour: (cap: number) => `waiting: the cap of ${cap} paid messages an hour is reached`,
  day: (cap: number) => `waiting: the cap of ${cap} paid messages a day is reached`,
  number: (cap: number) => `waiting: this number has had ${cap} paid messages today`,
  network: (cap: number) => `waiting: ${cap} paid messages this hour to registrations from one network`,
};

/** A statement from SQL with `:name` placeholders, numbered for SQLite (`?1`...), each value sent once. */
export function named(text: string, values: Record<string, SqlValue>): SqlStatement {
  const order: string[] = [];
  const sql = text.replace(/:([a-zA-Z]\w*)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`No value for :${name}`);
    let at = order.indexOf(name);
    if (at === -1) at = order.push(name) - 1;
    return `?${at + 1}`;
  });
  return { sql, args: order.map((name) => values[name] ?? null) };
}
