// The public forms' human check (Cloudflare Turnstile, decision 055): the server asks for it only while the
// site is under unusual load, by answering 403 with the widget's site key. Only then is Cloudflare's
// script loaded (human-check-widget.ts, its own chunk): a normal visit never fetches it.
import { ApiError } from './api-error';

/** The header a form's request carries the widget's token in (the server's `HUMAN_CHECK_HEADER`). */
export const HUMAN_CHECK_HEADER = 'CF-Turnstile-Response';

/** The site key of a "check needed" answer, or undefined for any other failure. */
export function humanCheckSiteKey(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const data = error.data as { humanCheck?: { siteKey?: unknown } } | undefined;
  return typeof data?.humanCheck?.siteKey === 'string' ? data.humanCheck.siteKey : undefined;
}

/**
 * Sends with `send`; when the server asks for the human check and a page can show it, shows Cloudflare's
 * widget and sends once more with its token. A person who closes the widget gets the server's answer.
 */
export async function withHumanCheck<T>(send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  try {
    return await send({});
  } catch (error) {
    const siteKey = humanCheckSiteKey(error);
    if (!siteKey || typeof document === 'undefined') throw error;
    const { humanCheckToken } = await import('./human-check-widget');
    const token = await humanCheckToken(siteKey);
    if (!token) throw error;
    return send({ [HUMAN_CHECK_HEADER]: token });
  }
}
