/**
 * The one logger of the API: one JSON object per line (`level`, `time`, `msg`, then fields such as
 * `requestId`, `route`, `status`, `durationMs`), on Node's stdout and in Workers' log stream alike.
 *
 * Rules:
 * - SQL parameters, secrets and personal data are never logged: errors are logged through
 *   `describeError` (class, code and the innermost message without query or parameters, with anything
 *   shaped like a password hash or token blanked), and fields whose names say secret are replaced.
 * - The same error repeated is logged `repeatLimit` times per window, then counted; when the window
 *   closes one line says how many were left out, whether or not the error comes again (with a
 *   `windowTimer`: the Node server's; on Workers, where nothing may wait across requests, at the next line
 *   of the same kind). A failing disk cannot fill the disk with its own logs, and a flood that stops still
 *   leaves its count.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
type LogFields = Record<string, unknown>;

export interface Logger {
  log(level: LogLevel, msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  /** Where lines go: console.log by default. */
  sink?: (line: string) => void;
  /** Lines below this level are dropped. */
  level?: LogLevel;
  now?: () => Date;
  /** Warnings and errors with the same message, route and error code: at most `count` per `windowMs`. */
  repeatLimit?: { count: number; windowMs: number };
  /** Runs `close` after `ms`, to write a window's count when it closes; answers how to cancel it. */
  windowTimer?: (close: () => void, ms: number) => () => void;
}

/** The Node server's window timer: a timer that never keeps the process alive on its own. */
export const unrefTimer = (close: () => void, ms: number) => {
  const timer = setTimeout(close, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

export function parseLogLevel(text: string | undefined, fallback: LogLevel = 'info'): LogLevel {
  return text !== undefined && Object.hasOwn(RANK, text) ? (text as LogLevel) : fallback;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const sink = options.sink ?? ((line: string) => console.log(line));
  const minimum = RANK[options.level ?? 'info'];
  const now = options.now ?? (() => new Date());
  const limit = options.repeatLimit ?? { count: 5, windowMs: 60_000 };
  const repeats = new Map<string, Repeats>();
  interface Repeats {
    windowStart: number;
    seen: number;
    msg: string;
    route: unknown;
    cancelTimer?: () => void;
  }
  /** The window of `key` is over: its count, if any line was left out, is written now. */
  const closeWindow = (key: string, entry: Repeats) => {
    entry.cancelTimer?.();
    if (repeats.get(key) === entry) repeats.delete(key);
    if (entry.seen > limit.count) {
      write('warn', 'repeated log lines left out', { repeatOf: entry.msg, route: entry.route, left: entry.seen - limit.count });
    }
  };

  const write = (level: LogLevel, msg: string, fields: LogFields) => {
    try {
      sink(JSON.stringify({ level, time: now().toISOString(), msg, ...redact(fields) }));
    } catch {
      // A log line is never worth failing a request for.
    }
  };

  const log = (level: LogLevel, msg: string, fields: LogFields = {}) => {
    if (RANK[level] < minimum) return;
    if (RANK[level] >= RANK.warn) {
      const error = fields.error as { code?: unknown; name?: unknown } | undefined;
      const key = `${level}|${msg}|${String(fields.route ?? '')}|${String(error?.code ?? error?.name ?? '')}`;
      const at = now().getTime();
      const entry = repeats.get(key);
      // A clock stepped back (at before the window's start) closes the window too: it never lasts longer.
      if (entry && at >= entry.windowStart && at - entry.windowStart < limit.windowMs) {
        entry.seen++;
        if (entry.seen === limit.count + 1 && options.windowTimer) {
          entry.cancelTimer = options.windowTimer(() => closeWindow(key, entry), entry.windowStart + limit.windowMs - at);
        }
        if (entry.seen > limit.count) return;
      } else {
        if (entry) closeWindow(key, entry);
        if (repeats.size > 1000) {
          // bounded: a flood of distinct keys forgets (writing what each had left out), it does not grow
          for (const [k, e] of [...repeats]) closeWindow(k, e);
        }
        repeats.set(key, { windowStart: at, seen: 1, msg, route: fields.route });
      }
    }
    write(level, msg, fields);
  };

  return {
    log,
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
  };
}

const SECRET_FIELD = /pass(word)?|secret|token|pepper|authori[sz]ation|cookie|hash|params|args|sql|body/i;
/** A stored password hash, a JWT, or a Bearer credential anywhere in a text. */
const SECRET_TEXT = [/pbkdf2-sha256\$[^\s,"']*/gi, /eyJ[\w-]+\.[\w-]+\.[\w-]*/g, /bearer\s+\S+/gi];

function redact(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SECRET_FIELD.test(key)) out[key] = '[redacted]';
    else if (typeof value === 'string') out[key] = scrub(value);
    else out[key] = value;
  }
  return out;
}

function scrub(text: string): string {
  return SECRET_TEXT.reduce((acc, pattern) => acc.replace(pattern, '[redacted]'), text);
}

export interface ErrorDescription {
  name: string;
  code?: string;
  message: string;
}

/**
 * What may be logged of an error: its class, its code (e.g. SQLITE_FULL) and the innermost cause's
 * message, cut before any query text or parameters (drizzle's "Failed query: … params: …" is never
 * kept), scrubbed of hashes and tokens and at most 200 characters.
 */
export function describeError(error: unknown): ErrorDescription {
  let innermost: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (innermost as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    innermost = cause;
  }
  const outer = error instanceof Error ? error : undefined;
  const inner = innermost instanceof Error ? innermost : outer;
  const code = [innermost, error].map((e) => (e as { code?: unknown } | null)?.code).find((c) => typeof c === 'string') as string | undefined;
  let message = inner?.message ?? String(error);
  for (const marker of ['Failed query:', 'params:', '\n']) {
    const at = message.indexOf(marker);
    if (at >= 0) message = message.slice(0, at);
  }
  return {
    name: outer?.name ?? typeof error,
    ...(code && { code }),
    message: scrub(message.trim() || '(no message)').slice(0, 200),
  };
}

/** Storage errors that mean "cannot write now" (disk full, read-only, I/O), not a bug: answered 503. */
export function isStorageUnavailable(error: unknown): boolean {
  const { code, message } = describeError(error);
  return (
    /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED)/.test(code ?? '') || /^(ENOSPC|EROFS|EIO|EDQUOT)$/.test(code ?? '') || /disk is full/i.test(message)
  );
}
