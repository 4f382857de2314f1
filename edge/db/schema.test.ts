import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const RESOURCE_TABLES = ['visitors', 'stalls', 'sponsors', 'award_nominations', 'guests', 'speakers', 'vip_awardees', 'enquiries'];

/** SQLite's plan for a query, one line per step. */
async function planOf(query: string) {
  const result = await t.client.execute(`EXPLAIN QUERY PLAN ${query}`);
  return result.rows.map((row) => String(row.detail));
}

describe('the migrated database', () => {
  it('has every entity of the public site and the panel plus users, the status-change log and idempotency keys', async () => {
    const result = await t.client.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
    const tables = result.rows.map((r) => String(r.name));
    for (const name of [...RESOURCE_TABLES, 'events', 'users', 'status_changes', 'idempotency_keys', 'login_throttle']) {
      expect(tables).toContain(name);
    }
  });

  it('runs in WAL mode', async () => {
    const result = await t.client.execute('PRAGMA journal_mode');
    expect(String(result.rows[0]![0])).toBe('wal');
  });

  it.each(RESOURCE_TABLES)(
    '%s: the default list is the table in written order; the event and status filters and the mobile look-up use an index; never a sort',
    async (table) => {
      // Newest first is by rowid (decision 043): the table itself, read backwards, stopping at the page's end.
      const newestFirst = await planOf(`SELECT * FROM ${table} ORDER BY rowid DESC LIMIT 20`);
      expect(newestFirst.join(' | ')).toBe(`SCAN ${table}`);
      const plans = [
        await planOf(`SELECT * FROM ${table} WHERE event_id = 'e' ORDER BY rowid DESC LIMIT 20`),
        await planOf(`SELECT * FROM ${table} WHERE status = 'pending' ORDER BY rowid DESC LIMIT 20`),
        await planOf(`SELECT * FROM ${table} WHERE event_id = 'e' AND updated_at > '2025' ORDER BY updated_at LIMIT 500`),
        await planOf(`SELECT id FROM ${table} WHERE ${table === 'enquiries' ? 'phone' : 'mobile_number'} = '9876543210'`),
      ];
      for (const plan of plans) {
        expect(plan.join(' | ')).toMatch(/USING (COVERING )?INDEX/);
        expect(plan.join(' | ')).not.toContain('USE TEMP B-TREE');
      }
    },
  );

  it('keeps the roster triggers on every roster table (a table recreated by a migration loses them)', async () => {
    const result = await t.client.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'");
    const triggers = result.rows.map((r) => String(r.name));
    for (const table of ['visitors', 'guests', 'speakers', 'vip_awardees', 'stalls', 'sponsors']) {
      for (const when of ['insert', 'update', 'move', 'delete']) expect(triggers).toContain(`${table}_roster_${when}`);
    }
  });

  it('keeps one operation id once in the status-change log', async () => {
    const insert = (id: string) =>
      t.client.execute({
        sql: "INSERT INTO status_changes (id, resource, record_id, to_status, operation_id, created_at) VALUES (?, 'visitors', 'v1', 'checked_in', 'op-1', '2026-01-01T00:00:00.000Z')",
        args: [id],
      });
    await insert('a');
    await expect(insert('b')).rejects.toThrow(/UNIQUE/);
  });
});
