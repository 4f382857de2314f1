import { count, eq } from 'drizzle-orm';
import { hashPassword, randomSecret } from '../auth/password';
import type { Database } from './database';
import { events } from './tables/events';
import { users } from './tables/system';
import { FEATURED_EVENT } from '../lib/featured-event';

/** Creates the featured event when no event exists yet. Returns whether it did. */
export async function ensureFeaturedEvent(db: Database, now: Date): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(events);
  if ((existing?.n ?? 0) > 0) return false;
  const at = now.toISOString();
  await db.insert(events).values({
    id: crypto.randomUUID(),
    ...FEATURED_EVENT,
    isFeatured: true,
    createdBy: 'system',
    createdByRole: 'admin',
    createdAt: at,
    updatedAt: at,
  });
  return true;
}

export interface FirstAdminResult {
  created: boolean;
  email?: string;
  /** Set only when the password was generated here; the caller prints it once. */
  generatedPassword?: string;
}

/**
 * When no admin account exists, creates one from ADMIN_EMAIL / ADMIN_PASSWORD, or with a random password
 * (returned so the caller can print it once; it is stored nowhere in clear).
 */
export async function ensureFirstAdmin(db: Database, options: { email?: string; password?: string; pepper: string; now: Date }): Promise<FirstAdminResult> {
  const [existing] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  if ((existing?.n ?? 0) > 0) return { created: false };
  const email = (options.email ?? 'admin@eventpro.local').trim().toLowerCase();
  const generatedPassword = options.password ? undefined : randomSecret(12);
  const at = options.now.toISOString();
  await db.insert(users).values({
    id: crypto.randomUUID(),
    email,
    name: 'Administrator',
    role: 'admin',
    passwordHash: await hashPassword(options.password ?? generatedPassword!, options.pepper),
    createdAt: at,
    updatedAt: at,
  });
  return { created: true, email, generatedPassword };
}
