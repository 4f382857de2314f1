import { formatDateRangeIn, formatTimeIn } from '../../shared/dates';
import { INTL_LOCALES, type Language } from '../../shared/languages';
import { eventDates, eventHours, eventPlace, eventWhen } from '../lib/event-time';
import { buildIcs } from '../lib/ics';
import hindi from './mail.hi.json';
import telugu from './mail.te.json';

/**
 * The pass e-mails' words in Telugu and Hindi (decision 087): files a translator edits, each English text as
 * this file writes it → its translation, as the site's catalogues are (decision 075). English is the code's.
 */
const MAIL_TEXTS: Record<Language, Readonly<Record<string, string>>> = { en: {}, te: telugu, hi: hindi };

type Words = (text: string, values?: Readonly<Record<string, string>>) => string;
const wordsIn =
  (language: Language = 'en'): Words =>
  (text, values) =>
    (MAIL_TEXTS[language][text] ?? text).replace(/\{(\w+)\}/g, (place, name: string) => values?.[name] ?? place);

/** The event's dates and hours as the e-mail gives them: the site's own English words, Intl's in Telugu and Hindi. */
function datesIn(m: PassMessage): { dates: string; hours: string } {
  if (!m.language || m.language === 'en') return { dates: eventDates(m.startDateTime, m.endDateTime), hours: eventHours(m.startDateTime, m.endDateTime) };
  const locale = INTL_LOCALES[m.language];
  const [from, to] = [formatTimeIn(locale, m.startDateTime), formatTimeIn(locale, m.endDateTime)];
  return { dates: formatDateRangeIn(locale, m.startDateTime, m.endDateTime), hours: from && to ? `${from} – ${to} IST` : '' };
}

/**
 * Why a message is sent: a new registration's pass, a pass link asked for again ("Find my pass"), or the
 * confirmation of an e-mail address typed into a public form (its pass e-mail waits for it, decision 056).
 */
export type PassTemplate = 'pass' | 'pass_link' | 'confirm_email';
/** The exhibitor portal's messages (exhibitor-messages.ts): its invitation and its one-time sign-in code. */
export type ExhibitorTemplate = 'exhibitor_invite' | 'exhibitor_code';
export type MessageTemplate = PassTemplate | ExhibitorTemplate;
export type Channel = 'email' | 'whatsapp' | 'sms';

/** The values a pass message is written from, stored with the message (the outbox's `payload`). */
export interface PassMessage {
  name: string;
  typeLabel: string;
  eventId: string;
  eventName: string;
  startDateTime: string;
  endDateTime: string;
  venue: string;
  city: string;
  passCode: string;
  /** The pass by link: opens the pass on any device. */
  passUrl: string;
  /** The site's address (for the calendar entry's UID and link). */
  origin: string;
  /** A confirmation message's link (`/confirm-email/<token>`), which confirms the address it went to. */
  confirmUrl?: string;
  /** The language its holder registered in: the e-mail's (decision 087). English when absent. */
  language?: Language;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: string; contentType: string }>;
}

const SUBJECTS: Record<PassTemplate, string> = {
  pass: 'Your pass for {event}',
  pass_link: 'Your pass link for {event}',
  confirm_email: 'Confirm your e-mail address for {event}',
};

const INTROS: Record<PassTemplate, string> = {
  pass: 'You are registered for {event} ({type}).',
  pass_link: 'Here is the link to your pass for {event} ({type}), as you asked.',
  confirm_email: 'This e-mail address was given in a registration for {event} ({type}).',
};

const subject = (template: PassTemplate, m: PassMessage, w: Words) => w(SUBJECTS[template], { event: m.eventName });
const intro = (template: PassTemplate, m: PassMessage, w: Words) => w(INTROS[template], { event: m.eventName, type: w(m.typeLabel) });

/**
 * The confirmation message: no pass, no pass code, no calendar, only the link that confirms the address
 * (whoever typed it gets nothing through it until its owner confirms).
 */
function renderConfirmation(m: PassMessage): RenderedMail {
  const w = wordsIn(m.language);
  const hello = w('Hello {name},', { name: messageName(m.name) });
  const lines = [
    intro('confirm_email', m, w),
    w('Confirm it to receive your pass by e-mail:'),
    m.confirmUrl ?? '',
    w('If you did not register, ignore this message: nothing more will be sent to this address.'),
  ];
  return {
    subject: subject('confirm_email', m, w),
    text: [hello, '', ...lines].join('\n'),
    html: `<!doctype html><html${htmlLang(m)}><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(lines[0]!)}</p>
<p><a href="${escapeHtml(m.confirmUrl ?? '')}">${escapeHtml(w('Confirm my e-mail address'))}</a></p>
<p>${escapeHtml(lines[3]!)}</p>
</body></html>`,
    attachments: [],
  };
}

/** The calendar entry of the message's event (the same UID as the public calendar link). */
function passCalendar(m: PassMessage, now: Date): string {
  return buildIcs(
    {
      uid: eventCalendarUid(m.eventId, m.origin),
      start: m.startDateTime,
      end: m.endDateTime,
      summary: m.eventName,
      location: eventPlace(m.venue, m.city),
      description: `Pass code: ${m.passCode}\nYour pass: ${m.passUrl}`,
      url: m.passUrl,
    },
    now,
  );
}

export const eventCalendarUid = (eventId: string, origin: string) => `event-${eventId}@${hostOf(origin)}`;

function hostOf(origin: string): string {
  try {
    return new URL(origin).host || 'eventpro';
  } catch {
    return 'eventpro';
  }
}

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The e-mail's `lang`, for a mail client that picks a font or reads it aloud. */
const htmlLang = (m: PassMessage) => ` lang="${m.language ?? 'en'}"`;

/** A pass e-mail (or its confirmation) in the language its holder registered in (decision 087). */
export function renderMail(template: PassTemplate, m: PassMessage, now: Date): RenderedMail {
  if (template === 'confirm_email') return renderConfirmation(m);
  const w = wordsIn(m.language);
  const where = eventPlace(m.venue, m.city);
  const { dates, hours } = datesIn(m);
  const rows: Array<[string, string]> = [
    [w('Date'), dates],
    [w('Time'), hours],
    [w('Venue'), where],
    [w('Pass code'), m.passCode],
  ];
  const hello = w('Hello {name},', { name: messageName(m.name) });
  const opens = w('It opens on any phone and stays available offline once opened. Show its QR code at the entrance.');
  const calendar = w('The attached calendar file adds the event to your calendar.');
  const text = [
    hello,
    '',
    intro(template, m, w),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${w('Open your pass')}: ${m.passUrl}`,
    opens,
    '',
    calendar,
  ].join('\n');
  const html = `<!doctype html><html${htmlLang(m)}><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(hello)}</p>
<p>${escapeHtml(intro(template, m, w))}</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p><a href="${escapeHtml(m.passUrl)}">${escapeHtml(w('Open your pass'))}</a></p>
<p>${escapeHtml(opens)}</p>
<p>${escapeHtml(calendar)}</p>
</body></html>`;
  return {
    subject: subject(template, m, w),
    text,
    html,
    attachments: [{ filename: 'event.ics', content: passCalendar(m, now), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

/**
 * A person's name as the organiser's messages carry it: whatever was typed into a public form is the
 * sender's to choose, so it goes out as a name and nothing else — no web or e-mail address (nor anything
 * shaped like a domain), only letters, marks, digits, spaces and . ' -, whitespace collapsed, at most 30
 * characters (DLT's limit per SMS variable) cut at a word where it can be. Nothing left: "Visitor".
 */
export const MESSAGE_NAME_MAX = 30;
export const MESSAGE_NAME_FALLBACK = 'Visitor';

export function messageName(raw: string): string {
  const cleaned = raw
    .normalize('NFKC')
    .replace(/\b(?:https?|ftp|www)\S*/giu, ' ')
    .replace(/\S*[@/:]\S*/gu, ' ')
    .replace(/[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}\b\S*/gu, ' ')
    .replace(/[^\p{L}\p{M}\p{N} .'-]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  const name = cut(cleaned, MESSAGE_NAME_MAX, '');
  return /\p{L}/u.test(name) ? name : MESSAGE_NAME_FALLBACK;
}

/** One line of text for a template value: control and format characters gone, whitespace collapsed, at most `max` characters. */
export function messageText(raw: string, max: number): string {
  return cut(
    raw
      .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
      .replace(/\s+/gu, ' ')
      .trim(),
    max,
    '…',
  );
}

/** `text` in at most `max` characters, cut after a whole word where one fits, with `mark` when cut. */
function cut(text: string, max: number, mark: string): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - mark.length).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trim()}${mark}`;
}

/**
 * WhatsApp's rule for a template's text parameter: no new line or tab, at most 4 consecutive spaces (Meta
 * refuses the message otherwise). Every value below keeps it; the test provider checks every body against it.
 */
export const breaksWhatsappRule = (text: string) => /[\n\t]/.test(text) || / {5,}/.test(text) || text.length === 0;

/** The values of the WhatsApp template's body, in order: {{1}} name … {{6}} pass link. */
export function whatsappParameters(m: PassMessage): string[] {
  return [
    messageName(m.name),
    messageText(m.eventName, 100),
    messageText(eventWhen(m.startDateTime, m.endDateTime), 100),
    messageText(eventPlace(m.venue, m.city), 150),
    m.passCode,
    m.passUrl,
  ];
}

/** DLT's limit on each variable of an Indian SMS template. */
export const DLT_VARIABLE_MAX = 30;

/**
 * `text` in `n` variables of at most 30 characters each, split between words, for a template that writes
 * them one after another with a space between ({#var#} {#var#}); what does not fit ends the last with "…".
 * Unused variables are "-": MSG91 needs every variable of the template.
 */
function dltParts(text: string, n: number): string[] {
  const parts: string[] = [];
  let current = '';
  const words = messageText(text, 1_000).split(' ');
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const joined = current ? `${current} ${word}` : word;
    if ([...joined].length <= DLT_VARIABLE_MAX) {
      current = joined;
      continue;
    }
    if (current) parts.push(current);
    current = [...word].length <= DLT_VARIABLE_MAX ? word : messageText(word, DLT_VARIABLE_MAX);
    if (parts.length === n - 1) {
      const rest = words.slice(i).join(' ');
      parts.push(messageText(rest, DLT_VARIABLE_MAX));
      return parts;
    }
  }
  if (current) parts.push(current);
  while (parts.length < n) parts.push('-');
  return parts;
}

/**
 * The variables of the SMS template (MSG91 Flow), by name, each within DLT's 30 characters. The pass link
 * is the registered template's own text up to `/p/` (PUBLIC_ORIGIN/p/, which DLT whitelists) followed by
 * the token's two halves; README: Messages to people gives the template to register.
 */
export function smsVariables(m: PassMessage): Record<string, string> {
  const [event1, event2] = dltParts(m.eventName, 2);
  const [venue1, venue2, venue3] = dltParts(eventPlace(m.venue, m.city), 3);
  const token = m.passUrl.slice(m.passUrl.lastIndexOf('/p/') + 3);
  const half = Math.ceil(token.length / 2);
  return {
    name: messageName(m.name),
    event1: event1!,
    event2: event2!,
    date: messageText(eventDates(m.startDateTime, m.endDateTime), DLT_VARIABLE_MAX),
    time: messageText(eventHours(m.startDateTime, m.endDateTime), DLT_VARIABLE_MAX),
    venue1: venue1!,
    venue2: venue2!,
    venue3: venue3!,
    code: m.passCode,
    link1: token.slice(0, half),
    link2: token.slice(half),
  };
}
