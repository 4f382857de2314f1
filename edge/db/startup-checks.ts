/**
 * What the Node server checks before it serves (decision 042): a data folder it can write, a database that
 * is the one this data folder last ran on, and a start-up failure told in one line with how to fix it,
 * never a stack trace and never a silent fresh database. `npm start` and `npm run db:backup` /
 * `db:restore` read their paths from here.
 */
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';
import { ensureDatabaseGeneration } from './generation';
import { folderGeneration, GENERATION_FILE, writeFolderGeneration } from './generation-folder';

/** The files of the data folder that say a server has run on it (its generated secrets, its database's generation). */
const DATA_FOLDER_MARKS = ['jwt-secret', 'password-pepper', GENERATION_FILE];

/** A reason the server (or a `db:` command) does not go on: its message is the one line printed, saying what and how to fix it. */
export class Refusal extends Error {
  override name = 'Refusal';
}

export interface NodeStorage {
  port: number;
  databaseUrl: string;
  /** The database file, for an embedded (`file:`) database; undefined for a remote one. */
  databasePath: string | undefined;
  dataDir: string;
  blobDir: string;
}

/** The Node server's storage as its environment sets it (README's Environment), with the defaults of `npm start`. */
export function nodeStorage(env: NodeJS.ProcessEnv): NodeStorage {
  const databaseUrl = env.DATABASE_URL ?? 'file:.data/expo.db';
  return {
    port: Number(env.PORT ?? 8787),
    databaseUrl,
    databasePath: databaseFilePath(databaseUrl),
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    blobDir: resolve(env.BLOB_DIR ?? '.data/blobs'),
  };
}

/** The file of a `file:` libSQL URL (absolute), or undefined for a remote URL. */
export function databaseFilePath(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  return resolve(url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length).split('?')[0]!);
}

/** The data folder exists (made when missing) and takes files; otherwise one line saying which and why. */
export function checkDataFolder(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    accessSync(dataDir, constants.W_OK);
  } catch (error) {
    throw new Refusal(`the data folder ${dataDir} ${folderFault(error)}: set DATA_DIR to a folder the server's user can write, or fix its permissions`);
  }
}

function folderFault(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EROFS') return 'is on a read-only filesystem';
  if (code === 'EACCES' || code === 'EPERM') return 'is not writable by this user';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'is not a folder';
  if (code === 'ENOSPC') return 'cannot be created: the disk is full';
  return `cannot be used (${String(code ?? (error as Error).message)})`;
}

/**
 * A data folder on which a server has run (it holds generated secrets or a generation) but whose database
 * file is missing or empty: the database was deleted or moved. Refused, never re-created empty.
 */
export function refuseMissingDatabase(databasePath: string, dataDir: string): void {
  if (existsSync(databasePath) && statSync(databasePath).size > 0) return;
  const marks = DATA_FOLDER_MARKS.filter((name) => existsSync(join(dataDir, name)));
  if (marks.length === 0) return; // a first start: the database is made now
  throw new Refusal(
    `the database at ${databasePath} is missing (the data folder ${dataDir} has run a server before); restore it with \`npm run db:restore <backup>\` or start with an empty DATA_DIR`,
  );
}

/**
 * The generation at start: the database's (made now for a new database), checked against the data folder's.
 * An embedded database whose generation is not the folder's is another database than the one this folder
 * ran on: refused. A remote one (Turso) is restored by its provider, which makes a new generation there
 * (`db:migrate -- --new-generation`): the folder takes the database's.
 */
export async function settleGeneration(db: Database, options: { dataDir: string; embedded: boolean; databaseUrl: string; now: Date }) {
  const { generation, created } = await ensureDatabaseGeneration(db, options.now);
  const recorded = folderGeneration(options.dataDir);
  if (recorded && recorded !== generation && options.embedded) {
    throw new Refusal(
      `the database at ${options.databaseUrl} (generation ${generation}) is not the one the data folder ${options.dataDir} last ran on (${recorded}); restore that one with \`npm run db:restore <backup>\`, or remove ${join(options.dataDir, GENERATION_FILE)} to run on this database`,
    );
  }
  if (recorded !== generation) writeFolderGeneration(options.dataDir, generation);
  return { generation, created, adopted: recorded !== undefined && recorded !== generation };
}

/** A failure of the start (or of a `db:` command) in one line: the refusals above as they are, the database's and the filesystem's faults explained. */
export function describeStartupFailure(error: unknown, storage: Pick<NodeStorage, 'databaseUrl' | 'dataDir'>): string {
  if (error instanceof Refusal) return error.message;
  const codes: string[] = [];
  let message = '';
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    message ||= String((e as { message?: unknown }).message ?? '');
    if (codes.length > 5) break;
  }
  const url = storage.databaseUrl.replace(/\/\/[^/]*@/, '//');
  const has = (pattern: RegExp) => codes.some((code) => pattern.test(code));
  if (has(/^URL_/)) return `DATABASE_URL ${url} is not a libSQL URL: use file:<path>, libsql://<host> or https://<host>`;
  if (has(/^(EROFS|SQLITE_READONLY)/))
    return `the database at ${url} is on a read-only filesystem or file: the server needs to write it; move DATA_DIR and DATABASE_URL to a writable disk`;
  if (has(/^(EACCES|EPERM|SQLITE_PERM)/)) return `the database at ${url} is not writable by this user: fix its permissions (or those of its folder)`;
  if (has(/^(ENOSPC|SQLITE_FULL)/)) return `the disk of ${url} is full: free space, then start again`;
  if (has(/^SQLITE_CANTOPEN/)) return `the database at ${url} cannot be opened: check that its folder exists and is writable`;
  if (has(/^(SQLITE_NOTADB|SQLITE_CORRUPT)/)) return `the file at ${url} is not a healthy database: restore one with \`npm run db:restore <backup>\``;
  if (has(/^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|UND_ERR)/) || /fetch failed/i.test(message))
    return `the database at ${url} cannot be reached: check DATABASE_URL and the network`;
  if (/\b401\b|unauthori[sz]ed/i.test(message)) return `the database at ${url} refused the token: check DATABASE_AUTH_TOKEN`;
  if (has(/^EADDRINUSE$/)) return `the port is in use by another program: stop it or set PORT`;
  return `${message.split('\n')[0]!.slice(0, 300)} (database ${url}, data folder ${storage.dataDir})`;
}
