import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { type BatchWriter, clientBatchWriter } from './batch-writer';
import { canonicaliseStoredMobiles, describeCanonicalMobiles } from './canonical-mobiles';
import type { Database } from './database';
import { nativeBatchWriter } from '../perf/native-batch-writer';
import { nativeRowReader } from '../perf/native-row-reader';
import { clientRowReader, type RowReader } from './row-reader';
import { databaseFilePath } from './startup-checks';

/** How long a connection waits for another one's write lock before giving up (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 5_000;

export interface OpenedDatabase {
  client: Client;
  db: Database;
  /** Group commits' writer: its own connection with cached statements on a file, else the client's batch. */
  writeBatch: BatchWriter;
  /** Hot reads (a session's user on every signed-in request): statements kept prepared on a file. */
  readRow: RowReader;
  /** Closes the client and the writer's connection (resolves once the writer's thread has stopped). */
  close(): Promise<void>;
  /**
   * For a file: what is wrong with the file at the database's path, or undefined while it is the file the
   * server opened (fileProblemWatch).
   */
  fileProblem?: () => string | undefined;
}

/**
 * Opens the Node server's libSQL database and brings it to the latest migration (then stored mobile
 * numbers to their canonical form: canonical-mobiles.ts). For an embedded `file:`
 * database it creates the folder and switches to WAL (three times the insert throughput of the default
 * journal on this project's machines, and readers no longer wait for writers); every pooled connection
 * gets the busy timeout through the client's `timeout` option.
 */
export async function openDatabase(options: { url: string; authToken?: string; migrationsFolder: string }): Promise<OpenedDatabase> {
  const path = databaseFilePath(options.url);
  if (path) {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // The database holds people's numbers and password hashes: readable by the server's user only, like
    // the secrets beside it. SQLite gives its -wal and -shm files the database file's permissions.
    if (!existsSync(path)) writeFileSync(path, '', { mode: 0o600 });
    for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
  }
  const client = createClient({ url: options.url, authToken: options.authToken, timeout: BUSY_TIMEOUT_MS });
  if (path) await client.execute('PRAGMA journal_mode = WAL');
  const db: Database = drizzle(client);
  await migrate(db, { migrationsFolder: options.migrationsFolder });
  // Numbers stored before every write path canonicalised them (needs JS: libphonenumber).
  for (const line of describeCanonicalMobiles(await canonicaliseStoredMobiles(db, new Date()))) console.log(line);
  if (!path) return { client, db, writeBatch: clientBatchWriter(client), readRow: clientRowReader(client), close: async () => client.close() };
  const writer = nativeBatchWriter(path, { busyTimeoutMs: BUSY_TIMEOUT_MS });
  const reader = nativeRowReader(path, { busyTimeoutMs: BUSY_TIMEOUT_MS });
  return {
    client,
    db,
    writeBatch: writer.writeBatch,
    readRow: reader.readRow,
    fileProblem: fileProblemWatch(path),
    close: () => {
      client.close();
      reader.close();
      return writer.close();
    },
  };
}

/**
 * Watches that the file at `path` stays the file opened now (same device and inode). A database deleted or
 * replaced while the server runs is not seen by SQLite, which goes on writing to the unlinked file: every
 * write after it would be lost at the next start. Once seen, the fault stands until the server restarts
 * (a file put back at the path is not the one the server has open). A stat costs about a microsecond.
 */
function fileProblemWatch(path: string): () => string | undefined {
  const opened = statSync(path);
  let fault: string | undefined;
  return () => {
    if (fault) return fault;
    let current: ReturnType<typeof statSync> | undefined;
    try {
      current = statSync(path, { throwIfNoEntry: false });
    } catch {
      return undefined; // cannot tell (permissions of a folder above): not a verdict
    }
    if (!current) fault = `the database file ${path} was removed while the server ran`;
    else if (current.ino !== opened.ino || current.dev !== opened.dev) fault = `the database file ${path} was replaced while the server ran`;
    return fault;
  };
}
