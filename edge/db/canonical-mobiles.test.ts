import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { canonicaliseStoredMobiles } from './canonical-mobiles';
import { openDatabase } from './local-database';
import { events } from './tables/events';
import { mobileCollisions } from './tables/duplicates';
import { enquiries, sponsors } from './tables/organisations';
import { visitors } from './tables/people';

const migrationsFolder = resolve(import.meta.dirname, '../../migrations');
const dir = mkdtempSync(join(tmpdir(), 'eventpro-mobiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = '2025-09-01T10:00:00.000Z';
const visitor = (id: string, mobileNumber: string, registrationType: string, eventId: string) => ({
  id,
  eventId,
  fullName: `Person ${id}`,
  mobileNumber,
  registrationType,
  status: 'pending',
  passCode: `CODE${id}`,
  createdAt: at,
  updatedAt: at,
});

/**
 * A database written before numbers were canonicalised: the same person's number in several spellings,
 * stored as typed. Made with the real migrations, then copied, as an organiser's backup would be.
 */
async function legacyDatabase(): Promise<string> {
  const original = join(dir, 'legacy.db');
  const opened = await openDatabase({ url: `file:${original}`, migrationsFolder });
  const { db } = opened;
  await db.insert(events).values({ id: 'expo', eventName: 'Expo', startDateTime: at, endDateTime: at, createdAt: at, updatedAt: at });
  await db.insert(visitors).values([
    visitor('a', '9000000011', 'visitor_registration', 'expo'),
    // The same number, same event and type: only one of them can hold the canonical form.
    visitor('b', '+91 90000 00011', 'visitor_registration', 'expo'),
    // Registered in the panel (no unique rule there): takes the canonical form and shows as a duplicate.
    visitor('c', '09000000011', 'admin_registration', 'expo'),
    visitor('d', '0091 98765 43210', 'visitor_registration', 'expo'),
    visitor('e', '+919876500000', 'visitor_registration', 'expo'),
    visitor('f', '123456789012345', 'admin_registration', 'expo'),
  ]);
  await db.insert(enquiries).values({ id: 'q', eventId: 'expo', name: 'Q', mobileNumber: '98765-43210', createdAt: at, updatedAt: at });
  await db.insert(sponsors).values({
    id: 's',
    eventId: 'expo',
    organizationName: 'S',
    contactPersonName: 'S',
    mobileNumber: '',
    alternatePhone: '(98765) 43211',
    registrationType: 'admin_registration',
    status: 'yet_to_confirm',
    createdAt: at,
    updatedAt: at,
  });
  // Everything into the database file itself, so a copy of the file is the whole database.
  await opened.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  await opened.close();
  const copy = join(dir, 'copy.db');
  copyFileSync(original, copy);
  return copy;
}

describe('canonicalising stored mobile numbers', () => {
  it('rewrites every spelling to E.164 at start, keeps colliding registrations and reports them, and is idempotent', async () => {
    const copy = await legacyDatabase();
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    // The same start the Node server and `npm run db:migrate` make.
    const opened = await openDatabase({ url: `file:${copy}`, migrationsFolder });
    log.mockRestore();
    const { db } = opened;
    try {
      const numbers = Object.fromEntries((await db.select({ id: visitors.id, n: visitors.mobileNumber }).from(visitors)).map((r) => [r.id, r.n]));
      expect(numbers).toEqual({
        a: '+919000000011',
        b: '+91 90000 00011',
        c: '+919000000011',
        d: '+919876543210',
        e: '+919876500000',
        f: '123456789012345',
      });
      const [enquiry] = await db.select().from(enquiries);
      expect(enquiry!.mobileNumber).toBe('+919876543210');
      const [sponsor] = await db.select().from(sponsors);
      expect(sponsor).toMatchObject({ mobileNumber: '', alternatePhone: '+919876543211' });

      expect(await db.select().from(mobileCollisions)).toEqual([
        expect.objectContaining({
          resource: 'visitors',
          recordId: 'b',
          otherRecordId: 'a',
          eventId: 'expo',
          storedNumber: '+91 90000 00011',
          canonicalNumber: '+919000000011',
          resolvedAt: null,
        }),
      ]);
      expect(lines).toEqual([
        'Mobile numbers: 5 rewritten to their canonical form (+91…).',
        'Mobile numbers: visitors b has the number +919000000011 of a in the same event; both kept, listed under Possible duplicates.',
        'Mobile numbers: 1 could not be read as a phone number and were left as they were.',
      ]);

      // Again (the next start): nothing more to rewrite, no collision reported twice.
      expect(await canonicaliseStoredMobiles(db, new Date())).toEqual({ rewritten: 0, collisions: [], unreadable: 1 });
      expect(await db.select().from(mobileCollisions)).toHaveLength(1);

      // Once the other record is gone (merged or deleted), the kept one takes the canonical form and the collision is over.
      await db.delete(visitors).where(eq(visitors.id, 'a'));
      expect(await canonicaliseStoredMobiles(db, new Date())).toMatchObject({ rewritten: 1, collisions: [] });
      const [b] = await db.select().from(visitors).where(eq(visitors.id, 'b'));
      expect(b!.mobileNumber).toBe('+919000000011');
      const [collision] = await db.select().from(mobileCollisions);
      expect(collision!.resolvedAt).not.toBeNull();
    } finally {
      await opened.close();
    }
  });
});
