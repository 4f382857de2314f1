import { notify } from '../../../components/toasts';
import { flushNow } from './submit';

/** Sends the waiting submissions and tells the person what happened to each. */
export async function flushAndReport(eventName: string): Promise<void> {
  const reports = await flushNow(eventName);
  for (const { entry, outcome } of reports) {
    if (outcome.kind === 'sent') notify(`${entry.typeLabel} for ${entry.name} has been sent. Your pass is in My passes.`, 'success');
    else if (outcome.kind === 'duplicate') notify(outcome.message, 'info');
    else if (outcome.kind === 'rejected') notify(`${entry.typeLabel} for ${entry.name} was not accepted: ${outcome.message}`, 'error');
  }
}
