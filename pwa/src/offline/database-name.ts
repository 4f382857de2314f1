/** The name of the app's one IndexedDB database (db.ts). */
export const DATABASE_NAME = 'eventpro';

/**
 * Whether this device has the app's database yet, asked without loading Dexie (db.ts): a device that has
 * never stored anything holds no queued change and no saved list, so a screen need not load the database
 * code to look. Where the browser cannot tell (no `indexedDB.databases`), the answer is yes.
 */
export async function databaseExists(): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined') return false;
    if (typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((found) => found.name === DATABASE_NAME);
  } catch {
    return true;
  }
}
