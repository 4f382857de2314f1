import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { EventProDatabase } from './db';
import { databaseMayExist } from './db-name';

describe('whether this device has the database, asked without Dexie', () => {
  it('no until something opens it, yes once it holds a pass, no again once it is deleted', async () => {
    const name = 'db-name-test';
    expect(await databaseMayExist(name)).toBe(false);
    // Asking does not create it.
    expect(await databaseMayExist(name)).toBe(false);
    const db = new EventProDatabase(name);
    await db.passes.put({
      passCode: 'ABCD1234EF',
      name: 'Kavya Rao',
      typeLabel: 'Visitor Registration',
      eventName: 'Expo',
      recordId: 'r1',
      savedAt: '2025-10-01T00:00:00.000Z',
    });
    expect(await databaseMayExist(name)).toBe(true);
    await db.delete();
    expect(await databaseMayExist(name)).toBe(false);
  });

  it('a browser that cannot list its databases is answered yes, so the passes are still read', async () => {
    const list = indexedDB.databases;
    try {
      Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true });
      expect(await databaseMayExist('never-opened')).toBe(true);
    } finally {
      Object.defineProperty(indexedDB, 'databases', { value: list, configurable: true });
    }
  });
});
