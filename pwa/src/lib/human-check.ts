// The public forms' human check (Cloudflare Turnstile, decision 055): the server asks for it only while the
// site is under unusual load, by answering 403 with the widget's site key. Only then is Cloudflare's
// script loaded (human-check-widget.ts, its own chunk): a normal visit never fetches it. This module has
// no dynamic import: the service worker's bundle (which sends the outbox) includes it and has no document.
import { ApiError } from './api-error';

/** The header a form's request carries the widget's token in (the server's `HUMAN_CHECK_HEADER`). */
export const HUMAN_CHECK_HEADER = 'CF-Turnstile-Response';

/** The site key of a "check needed" answer, or undefined for any other failure. */
export function humanCheckSiteKey(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const data = error.data as { humanCheck?: { siteKey?: unknown } } | undefined;
  return typeof data?.humanCheck?.siteKey === 'string' ? data.humanCheck.siteKey : undefined;
}
