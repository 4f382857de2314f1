// The name of the app's one IndexedDB database (db.ts opens it with Dexie), and whether this device has it
// at all, asked without loading Dexie. A page that only reads from it (My passes) then loads neither the
// database's code nor creates the database on a device that has never stored anything in it.

export const DATABASE_NAME = 'eventpro';

/**
 * False when the browser says this device has no such database (nothing was ever stored: no pass, no
 * waiting submission); true when it has one, and when the browser cannot tell (no `indexedDB.databases()`).
 */
export async function databaseMayExist(name = DATABASE_NAME): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === name);
  } catch {
    return true;
  }
}
