import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { BatchWriter } from '../db/batch-writer';
import type { SqlStatement } from '../db/sql-statement';

type Rows = Array<Record<string, unknown>>;
/**
 * A batch as sent to the writer thread: each statement names its SQL text by number, and the texts the
 * thread has not seen yet come along (copying a 600-character insert to the thread for every row was a
 * twentieth of a registration's time).
 */
type Request = { id: number; newTexts: string[]; statements: Array<[text: number, args: SqlStatement['args']]> } | { close: true };
type Answer = { id: number; results: Rows[] } | { id: number; error: WriteError };
interface WriteError {
  message: string;
  code?: string;
  rawCode?: number;
  statementIndex?: number;
}

/**
 * Batches group commit may hand the thread before the first has committed. Measured on the built server
 * with `bench/public-register.ts`'s load (50 connections, a fresh database per round, 3 rounds each): 1
 * batch gave 3,467–3,479 registrations/s with p99 25–28 ms; 4 gave 3,668–3,841/s with p99 24–25 ms.
 */
const BATCHES_IN_FLIGHT = 4;

/**
 * The Node server's batch writer on an embedded libSQL file: a connection of its own, on a thread of its
 * own, that keeps its prepared statements (decision 010).
 *
 * - Prepared once: the libSQL client prepares every statement again on every call, which cost a
 *   registration more than its insert did.
 * - Its own thread: a commit waits for the disk (fsync), and with the native driver being synchronous
 *   that wait used to stop the server's only JavaScript thread for a third of its time under load. Now
 *   the server keeps reading and validating the next requests while a batch is made durable.
 *
 * A batch runs in `BEGIN IMMEDIATE … COMMIT`: a busy database makes it wait (the busy timeout) at its
 * start, never fail half-way. A failing statement rolls the batch back and is named by `statementIndex`.
 */
export function nativeBatchWriter(
  path: string,
  options: { busyTimeoutMs: number },
): {
  writeBatch: BatchWriter;
  /** Closes the connection; resolves once the thread has stopped (its files are then left alone). */
  close(): Promise<void>;
  /** For tests: the thread now running, if any. */
  thread(): Worker | undefined;
} {
  const workerData = { path, busyTimeoutMs: options.busyTimeoutMs, libsql: createRequire(import.meta.url).resolve('libsql') };
  let nextId = 0;
  const pending = new Map<number, { resolve: (results: Rows[]) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  /** The thread and the SQL texts it has been sent; a new one starts on the next batch if it stops. */
  let current: { worker: Worker; textNumbers: Map<string, number> } | undefined;
  let closed = false;
  const thread = () => {
    if (current) return current;
    // `__name`: the helper esbuild adds around named functions when it keeps names (tsx does); the
    // thread's source is this function's text, without the module that defines the helper.
    const worker = new Worker(`const __name = (fn) => fn;\n(${writerThread.toString()})()`, { eval: true, workerData });
    // The thread must not keep a finished script alive; the server's socket keeps the server alive.
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('results' in answer) waiting.resolve(answer.results);
      else waiting.reject(Object.assign(new Error(answer.error.message), answer.error));
    });
    const stopped = (error: Error) => {
      if (current?.worker !== worker) return;
      current = undefined;
      // Whether a batch in flight was committed is unknown: its callers get an error (a registration's
      // client then repeats it with the same submission id, and gets the first answer if it was stored).
      failAll(error);
    };
    worker.on('error', stopped);
    worker.on('exit', () => stopped(new Error('The database writer stopped')));
    current = { worker, textNumbers: new Map() };
    return current;
  };

  const write = (statements: SqlStatement[]) =>
    new Promise<Rows[]>((resolve, reject) => {
      if (closed) return reject(new Error('The database is closed'));
      const { worker, textNumbers } = thread();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const newTexts: string[] = [];
      const numbered = statements.map(({ sql, args }): [number, SqlStatement['args']] => {
        let number = textNumbers.get(sql);
        if (number === undefined) {
          textNumbers.set(sql, (number = textNumbers.size));
          newTexts.push(sql);
        }
        return [number, args];
      });
      worker.postMessage({ id, newTexts, statements: numbered } satisfies Request);
    });
  // The thread takes batches in the order posted and commits each before reading the next.
  const writeBatch: BatchWriter = Object.assign(write, { batchesInFlight: BATCHES_IN_FLIGHT });
  thread(); // started now, so the first registration does not wait for it
  return {
    writeBatch,
    close: () => {
      closed = true;
      const worker = current?.worker;
      current = undefined;
      if (!worker) return Promise.resolve();
      const stopped = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held until it has stopped: a script that awaits close() (db:restore) would otherwise end first.
      worker.ref();
      worker.postMessage({ close: true } satisfies Request);
      return stopped;
    },
    thread: () => current?.worker,
  };
}

/**
 * The writer thread's code. It runs from its source text (`eval`), so it refers to nothing outside
 * itself: the same code then works from the TypeScript sources (tests) and from the built server.
 */
function writerThread() {
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
  const { createRequire: requireFrom } = process.getBuiltinModule('node:module');
  type Statement = { reader: boolean; run(args: unknown[]): unknown; all(args: unknown[]): unknown[] };
  const Database = requireFrom(workerData.libsql)(workerData.libsql) as new (
    path: string,
    options: { timeout: number },
  ) => { prepare(sql: string): Statement; inTransaction: boolean; close(): void };

  const connection = new Database(workerData.path, { timeout: workerData.busyTimeoutMs });
  // By text number (see Request); prepared on first use and kept: the texts are the few shapes of the
  // hot write paths, since values always travel as arguments.
  const texts: string[] = [];
  const statements: Statement[] = [];
  const prepared = (text: number) => (statements[text] ??= connection.prepare(texts[text]!));
  const begin = connection.prepare('BEGIN IMMEDIATE');
  const commit = connection.prepare('COMMIT');
  const rollback = connection.prepare('ROLLBACK');

  const write = (batch: Array<[text: number, args: unknown[]]>) => {
    begin.run([]);
    try {
      const results: unknown[][] = [];
      for (let i = 0; i < batch.length; i++) {
        const [text, args] = batch[i]!;
        try {
          const statement = prepared(text);
          if (statement.reader) {
            results.push(statement.all(args));
          } else {
            statement.run(args);
            results.push([]);
          }
        } catch (error) {
          throw Object.assign(error as Error, { statementIndex: i });
        }
      }
      commit.run([]);
      return results;
    } catch (error) {
      if (connection.inTransaction) rollback.run([]);
      throw error;
    }
  };

  parentPort!.on('message', (request: { id: number; newTexts: string[]; statements: Array<[number, unknown[]]> } | { close: true }) => {
    if ('close' in request) {
      connection.close();
      parentPort!.close();
      return;
    }
    texts.push(...request.newTexts);
    try {
      parentPort!.postMessage({ id: request.id, results: write(request.statements) });
    } catch (thrown) {
      const error = thrown as Error & { code?: string; rawCode?: number; statementIndex?: number };
      parentPort!.postMessage({
        id: request.id,
        error: { message: String(error?.message ?? error), code: error?.code, rawCode: error?.rawCode, statementIndex: error?.statementIndex },
      });
    }
  });
}
