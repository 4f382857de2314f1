/**
 * The Node entry: the embedded default behind `npm start`. libSQL on a file (or a remote libSQL URL),
 * uploaded images in a folder, the built PWA served from dist/pwa, all on one port.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createApp } from './app';
import { randomSecret } from './auth/password';
import { ensureFeaturedEvent, ensureFirstAdmin } from './db/initial-data';
import { openDatabase } from './db/local-database';
import { checkDataFolder, describeStartupFailure, nodeStorage, refuseMissingDatabase, settleGeneration } from './db/startup-checks';
import { appConfigFrom, publicOriginFrom } from './env';
import { clientAddressResolver } from './http/client-address';
import { createLogger, parseLogLevel, unrefTimer } from './lib/log';
import { nodeAssets } from './node-assets';
import { phoneChannels, resendChannel } from './notifications/channels';
import { nodeProviderPost } from './notifications/node-provider-post';
import { MessageLoop } from './notifications/dispatcher';
import { messagingStatus } from './notifications/channels';
import { smtpChannel } from './notifications/smtp-mailer';
import { type PageShell, publicPages } from './public-pages';
import { folderBlobStore } from './storage/folder-blob-store';

const env = process.env;
const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

const storage = nodeStorage(env);
const { port, databaseUrl, dataDir, blobDir } = storage;

/**
 * Everything that may refuse the start (decision 042): a data folder it cannot write, a database that is
 * missing or not the one this data folder ran on, a database it cannot open. Each is one line on stderr
 * and exit code 1, never a stack trace and never a fresh empty database in place of a lost one.
 */
const { secrets, db, writeBatch, readRow, fileProblem, closeDatabase } = await startOrRefuse(async () => {
  checkDataFolder(dataDir);
  if (storage.databasePath) refuseMissingDatabase(storage.databasePath, dataDir);
  const secrets = {
    jwtSecret: env.JWT_SECRET ?? localSecret('jwt-secret'),
    passwordPepper: env.PASSWORD_PEPPER ?? localSecret('password-pepper'),
  };
  const opened = await openDatabase({ url: databaseUrl, authToken: env.DATABASE_AUTH_TOKEN, migrationsFolder: join(repoRoot, 'migrations') });
  const startedAt = new Date();
  const identity = await settleGeneration(opened.db, { dataDir, embedded: Boolean(storage.databasePath), databaseUrl, now: startedAt });
  if (identity.adopted) console.log(`The database's generation is ${identity.generation} (restored by its provider); the data folder now records it.`);
  if (await ensureFeaturedEvent(opened.db, startedAt)) console.log('Created the featured event (18–19 October 2025, Hyderabad).');
  const admin = await ensureFirstAdmin(opened.db, {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
    pepper: secrets.passwordPepper,
    now: startedAt,
  });
  if (admin.created) {
    console.log(`Created the first admin: ${admin.email}`);
    if (admin.generatedPassword) {
      console.log(`  password (shown once, store it now): ${admin.generatedPassword}`);
    }
  }
  return { ...opened, secrets, closeDatabase: opened.close };
});

const pwaDir = resolve(env.PWA_DIR ?? join(repoRoot, 'dist', 'pwa'));
/** The site's address: pass links in messages point there, and only its host (and ALLOWED_HOSTS) is answered. */
const publicOrigin = publicOriginFrom(env.PUBLIC_ORIGIN);

/**
 * The public pages rendered per request by the server build of the app (dist/ssr, made by `npm run build`);
 * its shell is read once, at start.
 */
async function nodePublicPages() {
  const rendererPath = join(repoRoot, 'dist', 'ssr', 'entry-server.js');
  const shellPath = join(pwaDir, 'page-shell.json');
  if (!existsSync(rendererPath) || !existsSync(shellPath)) {
    console.warn('The public pages are not built (dist/ssr, dist/pwa/page-shell.json): run `npm run build`.');
    return undefined;
  }
  const renderer = (await import(pathToFileURL(rendererPath).href)) as typeof import('../pwa/src/entry-server');
  const shell = JSON.parse(readFileSync(shellPath, 'utf8')) as PageShell;
  return publicPages({
    paths: renderer.PUBLIC_PAGE_PATHS,
    render: renderer.renderPublicPage,
    loadShell: async () => shell,
    publicOrigin,
  });
}

const trustProxy = env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true';
const logger = createLogger({ level: parseLogLevel(env.LOG_LEVEL), sink: bufferedStdout(), windowTimer: unrefTimer });

// Messages to people: e-mail by SMTP (else Resend), WhatsApp and SMS, each only when its variables are set.
const channels = { email: smtpChannel(env) ?? resendChannel(env, nodeProviderPost), ...phoneChannels(env, nodeProviderPost) };
/** Queued messages are sent when a request queues some, and retried on this beat. */
const MESSAGE_RETRY_INTERVAL_MS = 15_000;
const messageLoop = new MessageLoop({ db, writeBatch, channels, now: () => new Date(), linkSecret: secrets.jwtSecret, logger }).start(
  MESSAGE_RETRY_INTERVAL_MS,
);
const app = createApp(
  {
    db,
    writeBatch,
    readRow,
    blobs: folderBlobStore(blobDir),
    secrets,
    databaseFileProblem: fileProblem,
    now: () => new Date(),
    // Behind our own proxies, the right-most X-Forwarded-For entry they did not write (http/client-address.ts).
    clientAddress: clientAddressResolver((c) => getConnInfo(c).remote.address || 'unknown', {
      trustProxy,
      trustedProxies: env.TRUSTED_PROXIES,
    }),
    config: appConfigFrom(env),
    logger,
    messaging: { channels, publicOrigin, dispatch: (_c, queuedOn) => messageLoop.wake(queuedOn) },
    serveAssets: nodeAssets(pwaDir),
  },
  { publicPages: await nodePublicPages() },
);

/**
 * Log lines to stdout, written together once per turn of the event loop: a line per request written on
 * its own (console.log, a synchronous write to a pipe) cost the register endpoint a tenth of its rate.
 * Whatever is pending is written when the process exits.
 */
function bufferedStdout(): (line: string) => void {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.length) return;
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    process.stdout.write(chunk);
  };
  process.on('exit', flush);
  return (line) => {
    pending.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

// Workers compress at Cloudflare's edge; the Node server does it itself, for clients that accept it (for
// the others compress() would still look into every response, which costs a small answer a tenth of its time).
const compressBodies = compress();
const server = new Hono().use((c, next) => (c.req.header('Accept-Encoding') ? compressBodies(c, next) : next())).route('/', app);

const httpServer = serve({ fetch: server.fetch, port }, (info) => {
  console.log(`EventPro is running at http://localhost:${info.port} (database ${databaseUrl})`);
  console.log(messagingStatus(publicOrigin, channels));
});
httpServer.once('error', (error) =>
  refuse(`port ${port} cannot be used (${(error as { code?: string }).code ?? error.message}): stop the program using it or set PORT`),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    messageLoop.stop();
    httpServer.close(
      () =>
        void messageLoop
          .idle()
          .then(closeDatabase)
          .finally(() => process.exit(0)),
    );
  });
}

/** Runs the start-up; a failure is told in one line and the process exits with 1. */
async function startOrRefuse<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    return refuse(describeStartupFailure(error, storage));
  }
}

function refuse(line: string): never {
  console.error(`EventPro cannot start: ${line}`);
  process.exit(1);
}

/** A secret generated on first use and kept in DATA_DIR, so restarts keep tokens and passwords valid. */
function localSecret(name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomSecret(32);
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The folder holding package.json: the same from edge/ (tsx) and from dist/server/ (built). */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'migrations'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json with migrations/ above ${from}`);
  }
}
