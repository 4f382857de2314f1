/**
 * Which database the server runs on (decision 042). Every database has a *generation*: a random id made
 * when it is created and made anew by every restore (`npm run db:restore`, and on Turso
 * `npm run db:migrate -- --new-generation` after a point-in-time restore). It is stored in the database
 * (`database_identity`, one row) and, by the Node server, in its data folder (`DATA_DIR/database-generation`):
 * a data folder whose generation is not the database's, or whose database is gone, is refused at start
 * instead of running on an empty or foreign database (startup-checks.ts). Devices that kept data from one
 * generation learn from a new one that the server's data was restored under them (the door's roster and
 * `/ops` answers carry it, routes/checkin.ts). The data folder's copy is generation-folder.ts (Node only:
 * this module runs on Workers too).
 */
import { eq } from 'drizzle-orm';
import type { Database } from './database';
import { databaseIdentity } from './tables/system';

const IDENTITY_ROW = 1;

/** A new generation: random, so two restores of one backup never share one. */
export const newGeneration = (): string => crypto.randomUUID();

/** The database's generation, or undefined for a database made before generations (or not yet started once). */
export async function databaseGeneration(db: Database): Promise<string | undefined> {
  const [row] = await db.select({ generation: databaseIdentity.generation }).from(databaseIdentity).where(eq(databaseIdentity.id, IDENTITY_ROW)).limit(1);
  return row?.generation;
}

/** Stores `generation` as the database's own (replacing the one it had). */
export async function setDatabaseGeneration(db: Database, generation: string, now: Date): Promise<void> {
  await db
    .insert(databaseIdentity)
    .values({ id: IDENTITY_ROW, generation, createdAt: now.toISOString() })
    .onConflictDoUpdate({ target: databaseIdentity.id, set: { generation, createdAt: now.toISOString() } });
}

/** The database's generation, made now when it has none (a new database, or one made before generations). */
export async function ensureDatabaseGeneration(db: Database, now: Date): Promise<{ generation: string; created: boolean }> {
  const existing = await databaseGeneration(db);
  if (existing) return { generation: existing, created: false };
  const generation = newGeneration();
  await setDatabaseGeneration(db, generation, now);
  return { generation, created: true };
}
