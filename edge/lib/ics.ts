/**
 * iCalendar files (RFC 5545) of one event: what a calendar app imports from an e-mail's attachment or the
 * public "Add to calendar" link. Lines end with CRLF and are folded at 75 octets (a continuation line
 * starts with one space, and a character is never split); text values escape backslash, semicolon, comma
 * and new lines; times are written in UTC (`YYYYMMDDTHHMMSSZ`), so no time-zone block is needed.
 */
export interface CalendarEvent {
  /** Globally unique and stable: the same event imported twice updates one calendar entry. */
  uid: string;
  start: string | Date;
  end: string | Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
}

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/** `20251018T033000Z`: a UTC date-time of RFC 5545 §3.3.5 (form 2). */
export function icsDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A TEXT value (RFC 5545 §3.3.11): `\` `;` `,` escaped, any line break as `\n`. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** One content line folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation line holds 74 after its leading space.
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A VCALENDAR with one VEVENT, ready to serve or attach. `now` is the DTSTAMP. */
export function buildIcs(event: CalendarEvent, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//EventPro//Event pass//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${icsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${icsText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
