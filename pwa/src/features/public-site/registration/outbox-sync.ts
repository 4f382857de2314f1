import { toast } from '@pwa/components/toasts';
import type { SavedPass } from '@pwa/offline/db';
import type { FlushReport } from '@pwa/offline/public-outbox';
import { heldSubmissions } from '@pwa/offline/public-outbox-signal';
import { reportLine, type Words } from './outbox-report';
import { loadFormRules } from './registration-types';
import { flushNow, takeHeldSubmissions } from './submit';

/** Tells the person what happened to each entry sent (a toast each) and shows the pass that arrived. */
export function tellPerson(reports: Array<Pick<FlushReport, 'entry' | 'outcome'>>, onPass?: (pass: SavedPass) => void, words?: Words): void {
  for (const report of reports) {
    const line = reportLine(report, words);
    if (line) toast(line.text, line.tone);
    if (report.outcome.kind === 'sent' && report.outcome.pass) onPass?.(report.outcome.pass);
  }
}

/**
 * Sends the waiting submissions from this page and tells the person: first those held before a form's code
 * loaded (checked now by the form's rules), then the outbox. One sender at a time per entry, across this
 * page, other tabs and the service worker (the outbox's Web Lock): whichever sends an entry tells the
 * person about it.
 */
export async function flushAndReport(eventName: string, onPass?: (pass: SavedPass) => void, words?: Words): Promise<void> {
  if (heldSubmissions().length > 0) await takeHeldSubmissions(await loadFormRules());
  tellPerson(await flushNow(eventName), onPass, words);
}
