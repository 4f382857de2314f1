import { and, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireAdmin } from '../auth/require-role';
import { events } from '../db/tables/events';
import type { AppEnv } from '../env';
import { fail, ok } from '../http/envelope';
import { validate } from '../http/validate';
import { forgetCachedMessageGuard, getSiteSettings, putSiteSetting } from '../lib/site-settings';
import { paidMessageUsage } from '../notifications/outbox';
import { forgetCachedEvents } from '../lib/events';
import { settingsUpdateSchema } from '../schemas/settings';
import { isBusy } from './public/human-check';

async function currentSettings(deps: AppEnv['Variables']['deps']) {
  const { db, now, messaging, config } = deps;
  const [settings, [featured]] = await Promise.all([
    getSiteSettings(db),
    db.select({ id: events.id }).from(events).where(eq(events.isFeatured, true)).limit(1),
  ]);
  const usage = await paidMessageUsage(db, settings.messageGuard, now());
  return {
    ...settings,
    featuredEventId: featured?.id ?? null,
    // Not settings: what the guard has let through this hour and today, and whether messages can go at all.
    paidMessageUsage: usage,
    // Whether Turnstile's keys are set, and whether the public forms ask for the check right now.
    humanCheck: {
      configured: Boolean(config.humanCheck),
      requiredNow:
        Boolean(config.humanCheck) &&
        (settings.messageGuard.humanCheck === 'always' || (settings.messageGuard.humanCheck === 'busy' && isBusy(settings.messageGuard, usage))),
    },
    messaging: {
      publicOrigin: messaging?.publicOrigin ?? null,
      channels: { email: Boolean(messaging?.channels.email), whatsapp: Boolean(messaging?.channels.whatsapp), sms: Boolean(messaging?.channels.sms) },
    },
  };
}

/** `GET/PUT /api/settings` (admin): what the public site shows that an organiser may change. */
export const settingsRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => ok(c, await currentSettings(c.get('deps'))))
  .put('/', validate('json', settingsUpdateSchema), async (c) => {
    const input = c.req.valid('json');
    const { db, now } = c.get('deps');
    if (input.featuredEventId) {
      const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, input.featuredEventId)).limit(1);
      if (!event) return fail(c, 400, 'Unknown event', { featuredEventId: 'Unknown event' });
      await db.batch([
        db.update(events).set({ isFeatured: true }).where(eq(events.id, event.id)),
        db
          .update(events)
          .set({ isFeatured: false })
          .where(and(ne(events.id, event.id), eq(events.isFeatured, true))),
      ]);
      forgetCachedEvents(db);
    }
    const at = now();
    if (input.contactPhone !== undefined) await putSiteSetting(db, 'contactPhone', input.contactPhone, at);
    if (input.contactEmail !== undefined) await putSiteSetting(db, 'contactEmail', input.contactEmail, at);
    if (input.packages !== undefined) await putSiteSetting(db, 'packages', input.packages, at);
    if (input.founderVideoUrl !== undefined) await putSiteSetting(db, 'founderVideoUrl', input.founderVideoUrl, at);
    if (input.awardCategories !== undefined) await putSiteSetting(db, 'awardCategories', input.awardCategories, at);
    if (input.privacyNotice !== undefined) await putSiteSetting(db, 'privacyNotice', input.privacyNotice, at);
    if (input.founderBio !== undefined) await putSiteSetting(db, 'founderBio', input.founderBio, at);
    if (input.messageGuard !== undefined) {
      const stored = (await getSiteSettings(db)).messageGuard;
      await putSiteSetting(
        db,
        'messageGuard',
        {
          ...input.messageGuard,
          humanCheck: input.messageGuard.humanCheck ?? stored.humanCheck,
          humanCheckAtPercent: input.messageGuard.humanCheckAtPercent ?? stored.humanCheckAtPercent,
        },
        at,
      );
      forgetCachedMessageGuard(db);
    }
    return ok(c, await currentSettings(c.get('deps')), 'Settings saved');
  });
