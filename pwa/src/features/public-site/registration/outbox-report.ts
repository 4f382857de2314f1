// What a person is told about a waiting submission once it was sent: by the page that sent it (a toast) or,
// when the service worker sent it, by the site's open pages or a notification; and what they read about a
// refused one until they dismiss it. Plain code: the service worker imports it too.
import type { OutboxEntry } from '@pwa/offline/db';
import type { FlushReport } from '@pwa/offline/public-outbox';

/** What the service worker posts to the site's pages after it sent waiting submissions itself. */
export const OUTBOX_REPORT_MESSAGE = 'eventpro:public-outbox-report';

const isEnquiry = (entry: Pick<OutboxEntry, 'endpoint'>) => entry.endpoint === '/api/enquiries';

/** An English text with its `{places}` filled: the words of pages in English and of the service worker. */
export type Words = (text: string, values?: Readonly<Record<string, string>>) => string;
const english: Words = (text, values = {}) => text.replace(/\{(\w+)\}/g, (place, name: string) => values[name] ?? place);

/**
 * What a waiting submission is, in the person's words: "Visitor Registration for Asha", "Enquiry from Ravi";
 * a page in Telugu or Hindi passes its `t` (i18n/locale.tsx).
 */
export const submissionTitle = (entry: Pick<OutboxEntry, 'endpoint' | 'typeLabel' | 'name'>, words: Words = english) =>
  isEnquiry(entry) ? words('Enquiry from {name}', { name: entry.name }) : words('{type} for {name}', { type: words(entry.typeLabel), name: entry.name });

/** What was sent leads to: a pass for a registration, a reply for an enquiry (which has no pass). */
export const sentLine = (entry: Pick<OutboxEntry, 'endpoint' | 'typeLabel' | 'name'>, words: Words = english) =>
  words(isEnquiry(entry) ? '{title} has been sent. We will reply to you soon.' : '{title} has been sent. Your pass is in My passes.', {
    title: submissionTitle(entry, words),
  });

/** One line per entry the server answered: what the person is told (in the page's `words`), and the pass to show. */
export function reportLine(
  { entry, outcome }: Pick<FlushReport, 'entry' | 'outcome'>,
  words: Words = english,
): { text: string; tone: 'success' | 'info' | 'error' } | null {
  if (outcome.kind === 'sent') return { text: sentLine(entry, words), tone: 'success' };
  const said = { title: submissionTitle(entry, words), message: outcome.kind === 'retry' ? '' : words(outcome.message) };
  if (outcome.kind === 'duplicate') return { text: words('{title}: {message}', said), tone: 'info' };
  if (outcome.kind === 'rejected') return { text: words('{title} was not accepted: {message}', said), tone: 'error' };
  return null;
}

/** What the person can do about a refused submission (none when the refusal leaves nothing to do, e.g. registration closed). */
export function refusalAdvice(refused: NonNullable<OutboxEntry['refused']>): string | null {
  if (refused.kind === 'duplicate') return 'Your pass was sent when you first registered: Find my pass, on My passes, sends it again.';
  if (/^Registration (for this event has closed|opens on)/.test(refused.message)) return null;
  return 'Fill in the form again with the details corrected.';
}
