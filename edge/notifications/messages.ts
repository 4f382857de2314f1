import { eventDates, eventHours, eventPlace, eventWhen } from '../lib/event-time';
import { buildIcs } from '../lib/ics';

/** Why a message is sent: a new registration's pass, or a pass link asked for again ("Find my pass"). */
export type MessageTemplate = 'pass' | 'pass_link';
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
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: string; contentType: string }>;
}

const subjects: Record<MessageTemplate, (m: PassMessage) => string> = {
  pass: (m) => `Your pass for ${m.eventName}`,
  pass_link: (m) => `Your pass link for ${m.eventName}`,
};

const intros: Record<MessageTemplate, (m: PassMessage) => string> = {
  pass: (m) => `You are registered for ${m.eventName} (${m.typeLabel}).`,
  pass_link: (m) => `Here is the link to your pass for ${m.eventName} (${m.typeLabel}), as you asked.`,
};

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

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function renderMail(template: MessageTemplate, m: PassMessage, now: Date): RenderedMail {
  const where = eventPlace(m.venue, m.city);
  const rows: Array<[string, string]> = [
    ['Date', eventDates(m.startDateTime, m.endDateTime)],
    ['Time', eventHours(m.startDateTime, m.endDateTime)],
    ['Venue', where],
    ['Pass code', m.passCode],
  ];
  const text = [
    `Hello ${m.name},`,
    '',
    intros[template](m),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open your pass: ${m.passUrl}`,
    'It opens on any phone and stays available offline once opened. Show its QR code at the entrance.',
    '',
    'The attached calendar file adds the event to your calendar.',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Hello ${escapeHtml(m.name)},</p>
<p>${escapeHtml(intros[template](m))}</p>
<table>${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p><a href="${escapeHtml(m.passUrl)}">Open your pass</a></p>
<p>It opens on any phone and stays available offline once opened. Show its QR code at the entrance.</p>
<p>The attached calendar file adds the event to your calendar.</p>
</body></html>`;
  return {
    subject: subjects[template](m),
    text,
    html,
    attachments: [{ filename: 'event.ics', content: passCalendar(m, now), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  };
}

/** The values of the WhatsApp template's body, in order: {{1}} name … {{6}} pass link. */
export function whatsappParameters(m: PassMessage): string[] {
  return [m.name, m.eventName, eventWhen(m.startDateTime, m.endDateTime), eventPlace(m.venue, m.city), m.passCode, m.passUrl];
}

/** The variables of the SMS template (MSG91 Flow), by name. */
export function smsVariables(m: PassMessage): Record<string, string> {
  return {
    name: m.name,
    event: m.eventName,
    date: eventWhen(m.startDateTime, m.endDateTime),
    venue: eventPlace(m.venue, m.city),
    code: m.passCode,
    link: m.passUrl,
  };
}
