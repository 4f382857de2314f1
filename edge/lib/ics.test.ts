import { describe, expect, it } from 'vitest';
import { buildIcs, foldLine, icsDateTime, icsText } from './ics';

describe('iCalendar (RFC 5545)', () => {
  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `LOCATION:${'హైదరాబాద్ '.repeat(12)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('escapes text and writes UTC times', () => {
    expect(icsText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
    expect(icsDateTime('2025-10-18T03:30:00.000Z')).toBe('20251018T033000Z');
    const ics = buildIcs(
      { uid: 'event-1@expo.test', start: '2025-10-18T03:30:00.000Z', end: '2025-10-19T14:30:00.000Z', summary: 'Expo, day one' },
      new Date('2025-09-01T00:00:00Z'),
    );
    expect(ics).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//EventPro//Event pass//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'BEGIN:VEVENT',
        'UID:event-1@expo.test',
        'DTSTAMP:20250901T000000Z',
        'DTSTART:20251018T033000Z',
        'DTEND:20251019T143000Z',
        'SUMMARY:Expo\\, day one',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });
});
