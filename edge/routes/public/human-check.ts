import type { Context } from 'hono';
import type { Database } from '../../db/database';
import type { AppEnv, HumanCheckConfig } from '../../env';
import { fail, unavailable } from '../../http/envelope';
import { sharedCacheOwner } from '../../lib/events';
import { cachedMessageGuard } from '../../lib/site-settings';
import type { MessageGuard } from '../../notifications/message-guard';
import { paidMessageCounts } from '../../notifications/outbox';

/**
 * The human check of the public forms (Cloudflare Turnstile, decision 055): asked for only while the site is
 * under unusual load, so a normal visitor never sees it. Unusual load is read from the spending guard's own
 * counts: this hour's (or today's) paid messages have reached the organiser's share of the cap
 * (`humanCheckAtPercent`, 50 % by default), the signature of SMS/WhatsApp pumping. The organiser may also
 * ask for it always, or never (Settings → Paid messages). Without Turnstile keys in the environment there
 * is no check.
 *
 * A form answered "check needed" (403, `errors.humanCheck`, `data.humanCheck.siteKey`) loads the widget,
 * and sends again with the widget's token in the `CF-Turnstile-Response` header; the server verifies it
 * with Cloudflare's siteverify API (secret, response, remoteip, idempotency_key) before anything is written.
 */
export const HUMAN_CHECK_HEADER = 'CF-Turnstile-Response';
export const HUMAN_CHECK_NEEDED_MESSAGE = 'The site is very busy: please confirm you are a person, then send again.';
export const HUMAN_CHECK_FAILED_MESSAGE = 'The check that you are a person did not pass. Please try it again.';
const HUMAN_CHECK_UNAVAILABLE_MESSAGE = 'The check that you are a person cannot be verified right now. Please try again in a moment.';
/** Turnstile's tokens are at most 2,048 characters (Cloudflare's documentation). */
const MAX_TOKEN_LENGTH = 2048;
const VERIFY_TIMEOUT_MS = 5_000;

/** Whether the guard's counts say the site is under unusual load (read at most once a second, like the guard). */
const BUSY_CACHE_MS = 1_000;
const busyCache = new WeakMap<object, { guard: MessageGuard; busy: boolean; until: number }>();

export function isBusy(guard: MessageGuard, counts: { thisHour: number; today: number }): boolean {
  const share = guard.humanCheckAtPercent / 100;
  return counts.thisHour >= guard.paidPerHour * share || counts.today >= guard.paidPerDay * share;
}

async function siteIsBusy(db: Database, guard: MessageGuard, now: Date): Promise<boolean> {
  const owner = sharedCacheOwner(db);
  const hit = busyCache.get(owner);
  const at = Date.now();
  if (hit && hit.guard === guard && hit.until > at) return hit.busy;
  const busy = isBusy(guard, await paidMessageCounts(db, now));
  busyCache.set(owner, { guard, busy, until: at + BUSY_CACHE_MS });
  return busy;
}

/** Whether a public form must carry a human check now. */
export async function humanCheckRequired(c: Context<AppEnv>): Promise<boolean> {
  const { db, config, now } = c.get('deps');
  if (!config.humanCheck) return false;
  const guard = await cachedMessageGuard(db);
  if (guard.humanCheck === 'always') return true;
  if (guard.humanCheck === 'off') return false;
  return siteIsBusy(db, guard, now());
}

interface SiteverifyAnswer {
  success?: boolean;
  'error-codes'?: string[];
}

/**
 * One siteverify call, retried once with the same idempotency key when no answer came (Cloudflare then
 * answers the first verification's outcome instead of "already used").
 */
async function siteverify(check: HumanCheckConfig, token: string, remoteip: string): Promise<SiteverifyAnswer | undefined> {
  const body = JSON.stringify({ secret: check.secretKey, response: token, remoteip, idempotency_key: crypto.randomUUID() });
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const res = await fetch(check.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (res.status >= 500) continue;
      return (await res.json()) as SiteverifyAnswer;
    } catch {
      // no answer: once more, with the same idempotency key
    }
  }
  return undefined;
}

/**
 * The human check of one public submission: undefined when it may go on, else the answer to send (403
 * with the site key when a token is needed or did not pass; 503 when Cloudflare cannot be reached).
 */
export async function refuseWithoutHumanCheck(c: Context<AppEnv>): Promise<ReturnType<typeof fail<403 | 400 | 503>> | undefined> {
  const { config, clientAddress, logger } = c.get('deps');
  const check = config.humanCheck;
  if (!check || !(await humanCheckRequired(c))) return undefined;
  const token = c.req.header(HUMAN_CHECK_HEADER)?.trim() ?? '';
  // The envelope's failure, with the site key the widget needs in its `data` (as a 409 carries its record).
  const needed = (message: string) =>
    c.json(
      { success: false as const, message, errors: { humanCheck: message }, data: { humanCheck: { siteKey: check.siteKey } } },
      403,
    ) as unknown as ReturnType<typeof fail<403>>;
  if (!token) return needed(HUMAN_CHECK_NEEDED_MESSAGE);
  if (token.length > MAX_TOKEN_LENGTH) return fail(c, 400, HUMAN_CHECK_FAILED_MESSAGE, { humanCheck: HUMAN_CHECK_FAILED_MESSAGE });
  const answer = await siteverify(check, token, clientAddress(c));
  if (!answer) return unavailable(c, HUMAN_CHECK_UNAVAILABLE_MESSAGE);
  if (answer.success === true) return undefined;
  const codes = answer['error-codes'] ?? [];
  // A wrong secret is the organiser's to fix, not the visitor's: said in the log (codes only, no token).
  if (codes.some((code) => code.startsWith('invalid-input-secret') || code === 'missing-input-secret')) {
    logger.error('human check misconfigured', { route: c.req.routePath, codes: codes.join(',') });
  }
  return needed(HUMAN_CHECK_FAILED_MESSAGE);
}
