import { and, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/database';
import { sessions } from '../db/tables/system';

/**
 * Sessions behind the tokens (table `sessions`). A token is honoured only while its session row exists,
 * so ending a session (logout), or all of a user's (log out everywhere, password reset, disable, role
 * change), takes effect on the next request, on Node and on Workers alike.
 */
export async function startSession(db: Database, userId: string, now: Date, ttlSeconds: number): Promise<string> {
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  await db.batch([
    db.insert(sessions).values({ id, userId, createdAt: now.toISOString(), expiresAt }),
    // Sessions whose tokens have expired are of no use to anyone: forget them as new ones start.
    db.delete(sessions).where(lt(sessions.expiresAt, now.toISOString())),
  ]);
  return id;
}

export async function endSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of `userId`, except `keep` (the caller's own, when users change their own account). */
export async function endSessionsOf(db: Database, userId: string, keep?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  return ended.length;
}
