/**
 * `npm run db:backup` and `npm run db:restore <file>` for the Node server's embedded database (decision 042).
 * A backup is SQLite's `VACUUM INTO`: a consistent copy taken while the server runs, into
 * `DATA_DIR/backups/`. A restore refuses while a server answers on PORT, keeps the database it replaces
 * (with its -wal and -shm) in `DATA_DIR/backups/replaced-<time>/`, puts the copy in place, brings it to
 * the latest migration, and gives it a new generation in the database and the data folder: the server then
 * starts on it, and devices that kept data of the old generation learn that the data was restored.
 * A remote database (Turso) is backed up and restored by its provider (README, Deploy).
 */
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createClient } from '@libsql/client';
import { newGeneration, setDatabaseGeneration } from './generation';
import { writeFolderGeneration } from './generation-folder';
import { openDatabase } from './local-database';
import { type NodeStorage, Refusal } from './startup-checks';

const REMOTE =
  'DATABASE_URL names a remote database: on Turso, restore to a point in time with `turso db create <new-db> --from-db <db> --timestamp <time>`, then `npm run db:migrate -- --new-generation` on it (README, Deploy)';

/** A file name's time: sortable, and without the colons some filesystems refuse. */
const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

const backupFolder = (dataDir: string) => join(dataDir, 'backups');

/** Copies the database, consistent while the server writes, to `DATA_DIR/backups/expo-<time>.db`; answers its path. */
export async function backupDatabase(storage: Pick<NodeStorage, 'databasePath' | 'dataDir'>, now: Date): Promise<string> {
  const path = storage.databasePath;
  if (!path) throw new Refusal(REMOTE);
  if (!existsSync(path) || statSync(path).size === 0) throw new Refusal(`there is no database at ${path} to back up`);
  const folder = backupFolder(storage.dataDir);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, `expo-${stamp(now)}.db`);
  const client = createClient({ url: `file:${path}` });
  try {
    await client.execute({ sql: 'VACUUM INTO ?', args: [file] });
  } finally {
    client.close();
  }
  chmodSync(file, 0o600); // people's numbers and password hashes, like the database itself
  return file;
}

/** True when anything answers HTTP on the server's port (a running server, healthy or not). */
async function serverAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

export interface Restored {
  generation: string;
  /** Where the database that was at the path (and its -wal and -shm) now is, if there was one. */
  replacedKeptIn?: string;
}

/** Puts the backup `backupFile` in place of the database, with a new generation (above). */
export async function restoreDatabase(
  storage: Pick<NodeStorage, 'databasePath' | 'dataDir' | 'port'>,
  backupFile: string,
  options: { migrationsFolder: string; now: Date },
): Promise<Restored> {
  const path = storage.databasePath;
  if (!path) throw new Refusal(REMOTE);
  if (!isSqliteFile(backupFile))
    throw new Refusal(`${backupFile} is not a database backup (no SQLite file there): give a file of ${backupFolder(storage.dataDir)}`);
  if (await serverAnswers(storage.port)) {
    throw new Refusal(`a server answers on port ${storage.port}: stop it first, a restore under a running server would be lost`);
  }
  let replacedKeptIn: string | undefined;
  const present = [path, `${path}-wal`, `${path}-shm`].filter((file) => existsSync(file));
  if (present.length) {
    replacedKeptIn = join(backupFolder(storage.dataDir), `replaced-${stamp(options.now)}`);
    mkdirSync(replacedKeptIn, { recursive: true, mode: 0o700 });
    // The stale -wal and -shm go with it: left beside the restored file, SQLite would replay them into it.
    for (const file of present) moveFile(file, join(replacedKeptIn, basename(file)));
  }
  mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
  const copying = `${path}.restoring`;
  copyFileSync(backupFile, copying);
  chmodSync(copying, 0o600);
  renameSync(copying, path);

  const opened = await openDatabase({ url: `file:${path}`, migrationsFolder: options.migrationsFolder });
  const generation = newGeneration();
  try {
    await setDatabaseGeneration(opened.db, generation, options.now);
  } finally {
    await opened.close();
  }
  writeFolderGeneration(storage.dataDir, generation);
  return { generation, replacedKeptIn };
}

function isSqliteFile(file: string): boolean {
  if (!existsSync(file) || !statSync(file).isFile()) return false;
  const header = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return header.toString('latin1') === 'SQLite format 3\0';
}

/** rename, or copy and remove across filesystems. */
function moveFile(from: string, to: string) {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
    rmSync(from);
  }
}
