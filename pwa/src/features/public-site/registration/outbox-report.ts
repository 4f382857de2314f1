// What a person is told about a waiting submission once it was sent: by the page that sent it (a toast) or,
// when the service worker sent it, by the site's open pages or a notification. Plain code: the service
// worker imports it too.
import type { FlushReport } from '@pwa/offline/public-outbox';

/** What the service worker posts to the site's pages after it sent waiting submissions itself. */
export const OUTBOX_REPORT_MESSAGE = 'eventpro:public-outbox-report';

/** One line per entry the server answered: what the person is told, and the pass to show. */
export function reportLine({ entry, outcome }: Pick<FlushReport, 'entry' | 'outcome'>): { text: string; tone: 'success' | 'info' | 'error' } | null {
  if (outcome.kind === 'sent') return { text: `${entry.typeLabel} for ${entry.name} has been sent. Your pass is in My passes.`, tone: 'success' };
  if (outcome.kind === 'duplicate') return { text: outcome.message, tone: 'info' };
  if (outcome.kind === 'rejected') return { text: `${entry.typeLabel} for ${entry.name} was not accepted: ${outcome.message}`, tone: 'error' };
  return null;
}
